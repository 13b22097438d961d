import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { useResendTickets } from '../api/resend-tickets';
import './resend-tickets-button.css';

/**
 * "Send my tickets again" on the return page of an order with tickets: the
 * server mails them once more to the order's address (a few times an hour
 * at most); what happened is announced where the button is.
 */
export function ResendTicketsButton({ hash, email }: { hash: string; email: string }) {
  const { t } = useTranslation();
  const resend = useResendTickets();
  return (
    <div className="kassa-resend">
      <button
        type="button"
        className="kassa-button kassa-button--secondary"
        onClick={() => resend.mutate(hash)}
        disabled={resend.isPending}
        aria-disabled={resend.isPending || undefined}
      >
        {resend.isPending && <Spinner />}
        {resend.isPending ? t('resendTickets.sending') : t('resendTickets.button')}
      </button>
      {resend.isSuccess && <Alert tone="success">{t('resendTickets.done', { email })}</Alert>}
      {resend.isError && (
        <Alert tone="danger">{t(errorKey(isApiError(resend.error) ? resend.error.code : undefined))}</Alert>
      )}
    </div>
  );
}
