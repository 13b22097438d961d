import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import type { Payment } from '@kassa/domain/contract/orders';
import type { CheckoutReturn } from '@kassa/domain/contract/payment';
import type { ComponentType } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, useNavigate, useParams, useSearchParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading, Spinner } from '@/components/ui/loading';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { formatTime } from '@/lib/format-date';
import { formatMoney } from '@/lib/format-money';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { useCheckoutReturn } from '../api/get-checkout-return';
import { usePayAgain } from '../api/get-payment';
import { OrderDocuments } from './order-documents';
import { OrderRecap } from './order-recap';
import { ResendTicketsButton } from './resend-tickets-button';
import { SelfCancelPanel } from './self-cancel-panel';
import './checkout-return-page.css';

export interface WalletButtonsProps {
  payment: Payment;
  /** The amount in words, for the container's subtitle. */
  amount: string;
  orderNumber: string;
  /** The wallet's payment went through (or failed): ask the server again. */
  onDone: () => void;
}

/** What the app plugs in from the payment feature (features do not import each other). */
export interface CheckoutReturnSlots {
  handOffPayment: (
    payment: Payment,
    target: { navigate: (path: string) => void; assign: (url: string) => void },
  ) => 'return-page' | 'redirected' | 'unsupported';
  WalletButtons: ComponentType<WalletButtonsProps>;
  /** The withdrawal feature's offer under a paid voucher or pass order (decision 0254). */
  WithdrawalOffer?: ComponentType<{ hash: string; kind: string; status: string }>;
}

const TITLES = {
  PAID: 'checkoutReturn.paid_title',
  INVOICED: 'invoiced.title',
  PENDING: 'checkoutReturn.pending_title',
  FAILED: 'checkoutReturn.failed_title',
  CANCELLED: 'checkoutReturn.cancelled_title',
  EXPIRED: 'checkoutReturn.expired_title',
  RESERVED: 'checkoutReturn.reserved_title',
  REFUND_REQUIRED: 'checkoutReturn.refund_title',
  REBOOKED: 'checkoutReturn.rebooked_title',
} as const;

/**
 * /checkout/return/{hash} (docs/storefront.md §2.19): the order's status in
 * words. Paid: summary and tickets. Pending: asked again every 2 s, announced
 * as it changes. Failed or cancelled: pay again while the hold lasts. Expired,
 * reserved, refund required and unknown links each say what happened. The
 * gateway's return alone never marks anything paid; the server says.
 */
export function CheckoutReturnPage({ handOffPayment, WalletButtons, WithdrawalOffer }: CheckoutReturnSlots) {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const query = useCheckoutReturn(hash);
  const payAgain = usePayAgain();
  const language = useLanguage();
  const title = `${t('checkoutReturn.title')} – ${pageDefinitions().organisationName}`;

  if (query.isPending) {
    return (
      <section className="kassa-page kassa-return">
        <title>{title}</title>
        <h1>{t('checkoutReturn.title')}</h1>
        <Loading label={t('checkoutReturn.loading')} />
      </section>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <section className="kassa-page kassa-return">
        <title>{title}</title>
        <h1>{notFound ? t('checkoutReturn.not_found_title') : t('checkoutReturn.title')}</h1>
        {notFound ? (
          <p>{t('checkoutReturn.not_found_text')}</p>
        ) : (
          <Alert tone="danger">{t(errorKey(isApiError(query.error) ? query.error.code : undefined))}</Alert>
        )}
        <p>
          <Link to="/">{t('checkoutReturn.home')}</Link>
        </p>
      </section>
    );
  }

  const answer = query.data;
  function handOff(payment: Payment) {
    const handed = handOffPayment(payment, {
      navigate: (path) => navigate(path),
      assign: (url) => window.location.assign(url),
    });
    if (handed !== 'redirected') void query.refetch();
  }
  function startPayment() {
    payAgain.mutate(hash, { onSuccess: handOff });
  }
  // Back from the gateway's page without an answer: the same payment can be resumed.
  const resumable =
    answer.status === 'PENDING' && answer.openPayment !== null && answer.openPayment.gateway !== 'paypal'
      ? answer.openPayment
      : null;

  return (
    <section className="kassa-page kassa-return">
      <title>{title}</title>
      <div className="kassa-return__status" role="status" aria-live="polite" aria-atomic="true">
        <h1 className={`kassa-return__title kassa-return__title--${answer.status.toLowerCase()}`}>
          {answer.status === 'PENDING' && <Spinner />}
          {t(TITLES[answer.status])}
        </h1>
        <StatusText answer={answer} />
      </div>
      <OrderDocuments answer={answer} />
      {answer.ticketsUrl && <ResendTicketsButton hash={hash} email={answer.order.email} />}
      {answer.status === 'PENDING' && answer.openPayment?.gateway === 'paypal' && (
        <WalletButtons
          payment={answer.openPayment}
          amount={formatMoney(answer.order.total, answer.order.currency, language)}
          orderNumber={formatOrderReference(answer.order.reference)}
          onDone={() => void query.refetch()}
        />
      )}
      {resumable && (
        <div className="kassa-actions">
          <button type="button" className="kassa-button" onClick={() => handOff(resumable)}>
            {t('checkoutReturn.continue_payment')}
          </button>
        </div>
      )}
      {answer.canPayAgain && (
        <div className="kassa-actions">
          <button
            type="button"
            className="kassa-button"
            onClick={startPayment}
            aria-disabled={payAgain.isPending || undefined}
            disabled={payAgain.isPending}
          >
            {payAgain.isPending && <Spinner />}
            {payAgain.isPending ? t('checkoutReturn.paying') : t('checkoutReturn.pay_again')}
          </button>
        </div>
      )}
      {payAgain.isError && (
        <Alert tone="danger">
          {t(errorKey(isApiError(payAgain.error) ? payAgain.error.code : undefined))}
        </Alert>
      )}
      <OrderRecap order={answer.order} />
      {answer.status === 'PAID' && answer.ticketsUrl && (
        // Cancelling tickets by the product's policy (decision 0259); the tickets mail links here with ?cancel=1.
        <SelfCancelPanel
          hash={hash}
          email={answer.order.email}
          initiallyOpen={search.get('cancel') === '1'}
        />
      )}
      {WithdrawalOffer && (
        <WithdrawalOffer hash={hash} kind={answer.order.receipt?.kind ?? ''} status={answer.status} />
      )}
      <p>
        <Link to="/">{t('checkoutReturn.home')}</Link>
      </p>
    </section>
  );
}

function StatusText({ answer }: { answer: CheckoutReturn }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { timeZone } = pageDefinitions();
  const until = answer.holdExpiresAt ? formatTime(new Date(answer.holdExpiresAt), timeZone) : '';
  switch (answer.status) {
    case 'PAID': {
      // Say only what this order has: tickets, gift cards, passes, or just its receipt.
      const text = answer.ticketsUrl
        ? 'checkoutReturn.paid_text'
        : answer.giftCardsUrl
          ? 'checkoutReturn.gift_cards_text'
          : answer.passesUrl
            ? 'checkoutReturn.passes_text'
            : 'checkoutReturn.receipt_text';
      return <p>{t(text, { email: answer.order.email })}</p>;
    }
    case 'INVOICED':
      return (
        <p>
          {answer.ticketsUrl
            ? t('invoiced.text_tickets', { email: answer.order.email })
            : t('invoiced.text_no_tickets')}
        </p>
      );
    case 'PENDING':
      return <p>{t('checkoutReturn.pending_text')}</p>;
    case 'FAILED':
    case 'CANCELLED':
      return (
        <p>
          {answer.canPayAgain
            ? t('checkoutReturn.try_again_text', { time: until })
            : t('checkoutReturn.expired_text')}
        </p>
      );
    case 'EXPIRED':
      return <p>{t('checkoutReturn.expired_text')}</p>;
    case 'RESERVED':
      return <p>{t('checkoutReturn.reserved_text')}</p>;
    case 'REBOOKED':
      return <p>{t('checkoutReturn.rebooked_text', { email: answer.order.email })}</p>;
    case 'REFUND_REQUIRED':
      return (
        <p>
          {t('checkoutReturn.refund_text', {
            amount: formatMoney(answer.order.total, answer.order.currency, language),
          })}
        </p>
      );
  }
}
