import type { Payment } from '@kassa/domain/contract/orders';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { capturePayPal } from '../api/capture-paypal';
import { returnPath } from '../utils/hand-off-payment';
import { loadPayPalSdk } from '../utils/load-paypal-sdk';
import './paypal-buttons.css';

export interface PayPalButtonsProps {
  payment: Payment;
  amount: string;
  /** The public order reference, grouped (decision 0104). */
  orderNumber: string;
  onDone: () => void;
}

function responseString(payment: Payment, key: string): string | null {
  if (payment.transaction === false) return null;
  const value = payment.transaction.response[key];
  return typeof value === 'string' ? value : null;
}

type State = 'loading' | 'ready' | 'capturing' | 'failed';

/**
 * The wallet hand-off (docs/storefront.md §4.13): PayPal's buttons for the
 * order the server created, in a container with a title and subtitle. The SDK
 * loads only here. On approval the server captures (never the browser), then
 * the visitor goes to /checkout/return/{hash}.
 */
export function PayPalButtons({ payment, amount, orderNumber, onDone }: PayPalButtonsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');
  // The page re-renders while it polls; the buttons must render once per PayPal order, not per render.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  const orderId = responseString(payment, 'orderId');
  const clientId = responseString(payment, 'clientId');
  // An answer without the PayPal order or client id cannot show buttons at all.
  const shown: State = !orderId || !clientId ? 'failed' : state;

  useEffect(() => {
    if (!orderId || !clientId) return;
    let active = true;
    loadPayPalSdk(clientId)
      .then((paypal) => {
        if (!active || !container.current) return;
        return paypal
          .Buttons({
            createOrder: () => orderId,
            onApprove: async () => {
              setState('capturing');
              try {
                const captured = await capturePayPal(payment.hash);
                navigate(returnPath(captured.hash));
              } finally {
                onDoneRef.current();
              }
            },
            onError: () => setState('failed'),
          })
          .render(container.current)
          .then(() => {
            if (active) setState('ready');
          });
      })
      .catch(() => {
        if (active) setState('failed');
      });
    return () => {
      active = false;
    };
  }, [orderId, clientId, payment.hash, navigate]);

  return (
    <section className="kassa-wallet" aria-labelledby="kassa-wallet-title">
      <h2 id="kassa-wallet-title" className="kassa-wallet__title">
        {t('payment.wallet_title')}
      </h2>
      <p className="kassa-wallet__subtitle">
        {t('payment.wallet_subtitle', { amount, number: orderNumber })}
      </p>
      {shown === 'loading' && <Loading label={t('payment.wallet_loading')} />}
      {shown === 'capturing' && <Loading label={t('payment.capturing')} />}
      {shown === 'failed' && <Alert tone="danger">{t('payment.wallet_failed')}</Alert>}
      <div ref={container} className="kassa-wallet__buttons" hidden={shown === 'failed'} />
    </section>
  );
}
