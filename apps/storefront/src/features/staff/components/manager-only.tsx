import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { useStaffText } from '../hooks/use-staff-text';
import { useStaffRole } from '../hooks/use-staff-role';

/** A manager's page; anyone else is told it is not for them (the server refuses them too). */
export function ManagerOnly({ children }: { children: ReactNode }) {
  const t = useStaffText();
  if (useStaffRole() === 'manager') return children;
  return (
    <section className="kassa-staff__page">
      <title>{t('staffAccounts.title')}</title>
      <h1>{t('staffAccounts.title')}</h1>
      <Alert tone="warning">{t('staffAccounts.managers_only')}</Alert>
    </section>
  );
}
