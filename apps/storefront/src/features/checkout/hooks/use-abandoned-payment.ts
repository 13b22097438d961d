/**
 * Back from a payment page (decision 0146). A visitor who goes Back from
 * the gateway's page (the test page, Stripe's Checkout, the PayPal buttons)
 * lands on the checkout they left: the order they placed is given up there
 * (POST /api/orders/{hash}/cancel), so its seats are free at once instead
 * of at the end of the hold, and the flow gets its state back (`restore`)
 * so the details need not be typed again.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { pendingPaymentStore, type PendingPayment } from '@/lib/pending-payment-store';
import { cancelOrder } from '../api/cancel-order';
import { returnPath } from '../utils/hand-off-payment';

/** The pending payment a Back to `here` abandons, or null (another page, a new visit by a link). */
export function abandonedAt(
  pending: PendingPayment | null,
  here: string,
  navigation: 'POP' | 'PUSH' | 'REPLACE',
): PendingPayment | null {
  return pending !== null && navigation === 'POP' && pending.from === here ? pending : null;
}

/** For a flow whose state lives in its components: a page the browser kept still has it. */
export function keepFlowState(): void {}

export function useAbandonedPayment(restore: (snapshot: unknown) => void) {
  const location = useLocation();
  const navigation = useNavigationType();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  // Read while the flow first renders (lazily, never on the server) so the flow's
  // state is back before its own effects decide on a step.
  const [abandoned, setAbandoned] = useState(() => {
    if (typeof window === 'undefined') return null;
    const found = abandonedAt(pendingPaymentStore.get(), here, navigation);
    if (found && found.snapshot !== undefined) restore(found.snapshot);
    return found;
  });

  useEffect(() => {
    if (!abandoned) return;
    pendingPaymentStore.set(null);
    cancelOrder(abandoned.hash).catch((error: unknown) => {
      // Paid after all (a payment page that had finished): the return page says so.
      if (isApiError(error) && error.code === 'ORDER_ALREADY_PAID') navigate(returnPath(abandoned.hash));
    });
  }, [abandoned, navigate]);

  // A page the browser kept (back-forward cache) renders nothing anew: it says so with pageshow.
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (!event.persisted) return;
      const found = abandonedAt(
        pendingPaymentStore.get(),
        `${window.location.pathname}${window.location.search}`,
        'POP',
      );
      if (!found) return;
      if (found.snapshot !== undefined) restore(found.snapshot);
      setAbandoned(found);
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [restore]);
}
