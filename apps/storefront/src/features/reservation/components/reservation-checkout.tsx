import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import type { Payment } from '@kassa/domain/contract/orders';
import type { Reservation } from '@kassa/domain/contract/reservation';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { isApiError } from '@/lib/api-error';
import { PayPalButtons } from '@/features/checkout/components/paypal-buttons';
import { handOffPayment } from '@/features/checkout/utils/hand-off-payment';
import { errorKey } from '@/lib/error-message';
import { formatMoney } from '@/lib/format-money';
import { useLanguage } from '@/lib/use-language';
import type { ReservationParts } from './reservation-parts';

interface CheckoutProps {
  reservation: Reservation;
  getPayment: ReservationParts['getPayment'];
  onBack: () => void;
}

/**
 * The reservation's checkout step (docs/storefront.md §4.14): the
 * payment is loaded by the reservation hash (GET /api/payment/{hash}, safe
 * to repeat: the same open payment comes back) and handed off to its
 * gateway, or the wallet's buttons shown in the step (PayPal); with
 * nothing to pay online, or a hand-off the page cannot follow, the return
 * page shows the order.
 */
export function ReservationCheckout({ reservation, getPayment, onBack }: CheckoutProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const returnPage = `/checkout/return/${encodeURIComponent(reservation.order_hash)}`;
  // The wallet's buttons show here, in the step (docs/storefront.md §4.13: CUSTOM paypal).
  const [wallet, setWallet] = useState<Payment | null>(null);
  const payment = useMutation({
    mutationFn: getPayment,
    onSuccess(answer: Payment) {
      if (answer.type === 'CUSTOM' && answer.gateway === 'paypal' && answer.transaction !== false) {
        setWallet(answer);
        return;
      }
      const handed = handOffPayment(answer, {
        navigate: (path) => navigate(path),
        assign: (url) => window.location.assign(url),
      });
      if (handed === 'unsupported') navigate(returnPage);
    },
  });
  const started = useRef(false);
  const { mutate } = payment;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(reservation.hash);
  }, [mutate, reservation.hash]);

  return (
    <section className="kassa-reservation__step" aria-labelledby="reservation-checkout-title">
      <h2 id="reservation-checkout-title" className="kassa-reservation__step-title">
        {t('reservation.checkout.title')}
      </h2>
      {payment.isError ? (
        <>
          <Alert tone="danger">
            {t(errorKey(isApiError(payment.error) ? payment.error.code : undefined))}
          </Alert>
          <div className="kassa-reservation__nav">
            <button type="button" className="kassa-button kassa-button--secondary" onClick={onBack}>
              {t('reservation.checkout.back')}
            </button>
            <button type="button" className="kassa-button" onClick={() => mutate(reservation.hash)}>
              {t('reservation.checkout.retry')}
            </button>
          </div>
        </>
      ) : wallet ? (
        <PayPalButtons
          payment={wallet}
          amount={formatMoney(reservation.prices.total, reservation.currency, language)}
          orderNumber={formatOrderReference(reservation.reservation.reference)}
          onDone={() => navigate(returnPage)}
        />
      ) : (
        <Loading label={t('reservation.checkout.loading')} />
      )}
    </section>
  );
}
