/**
 * Back from a payment page (decision 0146). A visitor who goes Back from
 * the gateway's page (the test page, Stripe's Checkout, the PayPal buttons)
 * lands on the checkout they left: the order they placed is given up there
 * (POST /api/orders/{hash}/cancel), so its seats are free at once instead
 * of at the end of the hold, and the flow gets its state back (`restore`)
 * so the details need not be typed again.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from '@/lib/router/router';
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

/**
 * How the visitor came to this page: the router's word for a move inside the
 * shop; for the page the browser loaded (the router's first location, key
 * "default", which it always calls POP) the browser's own navigation type,
 * so only a real Back or Forward counts, not a link or a typed address.
 */
function arrival(routerType: 'POP' | 'PUSH' | 'REPLACE', key: string): 'POP' | 'PUSH' | 'REPLACE' {
  if (key !== 'default') return routerType;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward' ? 'POP' : 'PUSH';
}

export function useAbandonedPayment(restore: (snapshot: unknown) => void) {
  const location = useLocation();
  const routerType = useNavigationType();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  // Read while the flow first renders (lazily, never on the server) so the flow's
  // state is back before its own effects decide on a step.
  const [abandoned, setAbandoned] = useState(() => {
    if (typeof window === 'undefined') return null;
    const found = abandonedAt(pendingPaymentStore.get(), here, arrival(routerType, location.key));
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
