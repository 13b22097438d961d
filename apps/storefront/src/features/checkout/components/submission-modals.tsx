import { CaptchaModal } from './captcha-modal';
import { OrderFailedModal } from './order-failed-modal';
import type { SubmitFailure } from '../hooks/use-submit-order';

interface SubmissionModalsProps {
  /** The submit hook's state (useSubmitOrder). */
  submission: {
    failure: SubmitFailure | null;
    dismiss: () => void;
    retryWithCaptcha: (token: string) => void;
  };
  challengeUrl: string;
}

/**
 * What a failed submission shows, for every order flow (spec §4, §8): the
 * order-failed modal with the error, or the captcha modal whose solved token
 * retries the same attempt.
 */
export function SubmissionModals({ submission, challengeUrl }: SubmissionModalsProps) {
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
    </>
  );
}
