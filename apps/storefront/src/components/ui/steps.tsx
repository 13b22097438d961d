import { useTranslation } from '@/lib/use-translation';
import './steps.css';

export interface StepItem {
  key: string;
  label: string;
}

/**
 * A step indicator: an ordered list where the current step carries
 * aria-current="step" and finished steps are marked for screen readers too.
 * On a wide screen the list is one line; on a phone it gives way to
 * "Step 3 of 6 · Extras" over a progress bar (the list stays for screen
 * readers, the short form is only what the eye needs).
 */
export function Steps({ steps, current, label }: { steps: StepItem[]; current: string; label: string }) {
  const { t } = useTranslation();
  const at = steps.findIndex((step) => step.key === current);
  const shown = Math.max(at, 0);
  const progress = steps.length > 0 ? ((shown + 1) / steps.length) * 100 : 0;
  return (
    <nav aria-label={label} className="kassa-steps">
      <ol>
        {steps.map((step, index) => {
          const state = index < at ? 'done' : index === at ? 'current' : 'todo';
          return (
            <li
              key={step.key}
              className={`kassa-steps__step kassa-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
              title={step.label}
            >
              <span className="kassa-steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="kassa-steps__label">{step.label}</span>
            </li>
          );
        })}
      </ol>
      <div className="kassa-steps__compact" aria-hidden="true">
        <p className="kassa-steps__count">
          {t('steps.count', { number: shown + 1, total: steps.length })}
          <span className="kassa-steps__sep"> · </span>
          <strong>{steps[shown]?.label}</strong>
        </p>
        <div className="kassa-steps__bar">
          <span style={{ width: `${progress}%` }} />
        </div>
      </div>
    </nav>
  );
}
