import type { OrderStatus } from '@kassa/domain/rules/order-status';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';
import { getCheckoutReturn } from '@/features/checkout-return/api/get-checkout-return';
import { returnPath } from '@/features/checkout/utils/hand-off-payment';
import { formatCountdown, msUntil } from '@/lib/format-countdown';
import { pendingPaymentStore } from '@/lib/pending-payment-store';

/** How often the header asks whether the waiting order was paid meanwhile (another tab, a webhook). */
const STATUS_POLL_MS = 15_000;
/** Statuses after which nothing is held for payment any more. */
const SETTLED: ReadonlySet<OrderStatus> = new Set([
  'PAID',
  'INVOICED',
  'REFUND_REQUIRED',
  'REBOOKED',
  'RESERVED',
]);

/**
 * The hold on the seats of an order waiting for its payment (decision
 * 0146), in the header of every page: the time left and a way back to the
 * payment. When the hold runs out it says what that means — the seats are
 * released and the order can be started again — until dismissed.
 */
export function HoldCountdown() {
  const { t } = useTranslation();
  const pending = pendingPaymentStore.use();
  const [now, setNow] = useState(() => Date.now());
  const status = useQuery({
    queryKey: ['pending-payment-status', pending?.hash],
    queryFn: ({ signal }) => getCheckoutReturn(pending!.hash, signal),
    enabled: pending !== null,
    refetchInterval: STATUS_POLL_MS,
    retry: false,
  });
  const settled = status.data !== undefined && SETTLED.has(status.data.status);
  useEffect(() => {
    if (settled) pendingPaymentStore.set(null);
  }, [settled]);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [pending]);

  const left = pending ? msUntil(pending.holdExpiresAt, now) : null;
  // Only a product order names its hold on seats; other kinds hold none to count down.
  if (!pending || settled || left === null) return null;
  const ended = left <= 0 || status.data?.status === 'EXPIRED';
  if (ended) {
    return (
      <div className="kassa-hold kassa-hold--ended" role="status">
        <p className="kassa-hold__text">{t('hold.expired')}</p>
        <button type="button" className="kassa-hold__dismiss" onClick={() => pendingPaymentStore.set(null)}>
          {t('hold.dismiss')}
        </button>
      </div>
    );
  }
  return (
    <div className="kassa-hold">
      <p className="kassa-hold__text">
        <strong>
          {t('hold.label')}{' '}
          <time className="kassa-hold__time" dateTime={pending.holdExpiresAt ?? undefined}>
            {formatCountdown(left)}
          </time>
        </strong>{' '}
        <span>{t('hold.explain')}</span>
      </p>
      <Link className="kassa-hold__pay" to={returnPath(pending.hash)}>
        {t('hold.pay')}
      </Link>
    </div>
  );
}
