import { useTranslation } from '@/lib/use-translation';
import { CaptchaModal } from './captcha-modal';
import { OrderFailedModal } from './order-failed-modal';
import type { SimulationCaptcha } from '../hooks/use-order-simulation';
import type { SubmitFailure } from '../hooks/use-submit-order';

interface SubmissionModalsProps {
  /** The submit hook's state (useSubmitOrder). */
  submission: {
    failure: SubmitFailure | null;
    dismiss: () => void;
    retryWithCaptcha: (token: string) => void;
  };
  challengeUrl: string;
  /** The price simulation's own captcha request (useOrderSimulation), if the flow simulates. */
  simulation?: SimulationCaptcha;
}

/**
 * What a failed submission shows, for every order flow (docs/storefront.md
 * §4.12, §8): the order-failed modal with the error, or the captcha modal whose
 * solved token retries the same attempt.
 */
export function SubmissionModals({ submission, challengeUrl, simulation }: SubmissionModalsProps) {
  const { t } = useTranslation();
  return (
    <>
      <OrderFailedModal
        code={submission.failure?.kind === 'failed' ? submission.failure.code : undefined}
        onClose={submission.dismiss}
      />
      <CaptchaModal
        open={submission.failure?.kind === 'captcha'}
        challengeUrl={challengeUrl}
        onClose={submission.dismiss}
        onVerified={(token) => {
          submission.dismiss();
          submission.retryWithCaptcha(token);
        }}
      />
      {simulation && (
        <CaptchaModal
          open={simulation.open && submission.failure === null}
          challengeUrl={challengeUrl}
          onClose={simulation.dismiss}
          onVerified={simulation.retryWithCaptcha}
          text={t('product.captcha.simulation_text')}
        />
      )}
    </>
  );
}
