import type { ReactNode } from 'react';
import './alert.css';

type Tone = 'info' | 'success' | 'warning' | 'danger';

/** A message box; danger and warning interrupt screen readers, the others wait. */
export function Alert({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div className={`kassa-alert kassa-alert--${tone}`} role={urgent ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
