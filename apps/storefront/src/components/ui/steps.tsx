import './steps.css';

export interface StepItem {
  key: string;
  label: string;
}

/**
 * A step indicator: an ordered list where the current step carries
 * aria-current="step" and finished steps are marked for screen readers too.
 */
export function Steps({ steps, current, label }: { steps: StepItem[]; current: string; label: string }) {
  const at = steps.findIndex((step) => step.key === current);
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
            >
              <span className="kassa-steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="kassa-steps__label">{step.label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
