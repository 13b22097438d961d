/**
 * The checkout half of the product flow (spec §4 Order submission): the
 * request over the cart and the current order, the simulated invoice check,
 * the totals the summary shows, and pay / reserve with what follows a
 * success (payment stored, reservation page or payment hand-off).
 */
import type { Organisation } from '@kassa/domain/contract/organisation';
import type { OrderAnswer, OrderCustomer } from '@kassa/domain/contract/orders';
import { dedupeCouponCodes } from '@kassa/domain/rules/coupons';
import { useNavigate } from 'react-router';
import { useOrderSimulation } from '@/features/checkout/hooks/use-order-simulation';
import { useSubmitOrder } from '@/features/checkout/hooks/use-submit-order';
import { followOrder } from '@/features/checkout/utils/follow-order';
import { clearCart, type CartOrder } from '@/lib/cart-store';
import { endRebooking } from '@/lib/rebooking-store';
import { activeLanguage } from '@/lib/language';
import { pageDefinitions } from '@/lib/page-definitions';
import { visitEnrichment } from '@/lib/visit-enrichment';
import type { FlowStep } from '../utils/flow-steps';
import { orderRequest } from '../utils/order-request';
import { simulatedTotals, type SimulatedTotals } from '@kassa/domain/rules/simulated-totals';
import {
  checkoutStore,
  currentOrderStore,
  emptyCheckout,
  lastPaymentStore,
  type CheckoutState,
} from './flow-store';
import { createOrder } from '../api/create-order';
import { takeSnapshot, type ProductSnapshot } from './product-snapshot';

/** A simulated POST /api/orders: the server's totals, and whether the order goes on invoice. */
async function simulateOrder(
  body: Parameters<typeof createOrder>[0],
): Promise<{ onInvoice: boolean; totals: SimulatedTotals | null }> {
  const answers = await createOrder(body);
  return { onInvoice: answers.some((answer) => answer.invoice), totals: simulatedTotals(answers) };
}

/**
 * The simulation's customer (spec §7: the customer or placeholders): prices
 * depend on the client's token only (subscriptions, client coupons,
 * invoice), so the form's typing does not ask the server again.
 */
function pricingCustomer(token: string | null): OrderCustomer {
  return { first_name: '', last_name: '', email: '', token, fields: {} };
}

interface CheckoutInput {
  /** The cart, then the current order with its summary. */
  items: CartOrder[];
  checkout: CheckoutState;
  organisation: Organisation | undefined;
  step: FlowStep;
  /** A rebooking (spec §3): sent as orders[].rebook and rebook_secret, its credit comes off the total. */
  rebook: { hash: string; secret: string; creditCents: number } | null;
  /** Quantity and plot are chosen (the customer is checked here). */
  orderReady: boolean;
  /** The current order's price is known (its plot is loaded). */
  orderPriced: boolean;
  /** Pay was pressed before the form was ready: show every field's problem. */
  onNotReady: () => void;
  /** A logged-in client's token: their subscriptions and coupons price the order. */
  clientToken: string | null;
}

export function useOrderCheckout(input: CheckoutInput) {
  const navigate = useNavigate();
  const { items, checkout, organisation } = input;
  const productIds = [...new Set(items.map((item) => item.product.id))];
  const { rebook } = input;
  // No coupons on a rebooking (decision 0040); codes applied to an earlier order stay out.
  const coupons = rebook ? [] : checkout.coupons;
  const couponCodes = dedupeCouponCodes(coupons.map((coupon) => coupon.data.code));
  const customer = checkout.customer;
  const requestFor = (action: 'pay' | 'reserve', simulate: boolean) => {
    const sent = simulate ? pricingCustomer(input.clientToken) : customer;
    return sent
      ? orderRequest({
          action,
          items,
          customer: sent,
          fields: {},
          coupons: couponCodes,
          language: activeLanguage(),
          simulate,
          rebook: rebook ? { hash: rebook.hash, secret: rebook.secret } : null,
          enrichment: visitEnrichment(),
        })
      : null;
  };

  const simulation = useOrderSimulation(
    'product',
    input.step === 'customer' ? requestFor('pay', true) : null,
    simulateOrder,
  );
  // The server's numbers only (decision 0147): null while asked, or when the simulation failed.
  const totals = simulation.answer?.totals ?? null;
  const pricing: 'pending' | 'done' | 'failed' = !simulation.settled ? 'pending' : totals ? 'done' : 'failed';

  const submission = useSubmitOrder({
    captchaEnabled: pageDefinitions().captcha.enabled || organisation?.captcha_enabled === true,
    send: createOrder,
    onSuccess(answers: OrderAnswer[]) {
      const first = answers[0];
      if (!first) return;
      lastPaymentStore.set({ payment: first.payment, hash: first.order.hash, status: first.order.status });
      // What Back from the payment page gives back (decision 0146); a rebooking starts from its entry again.
      const snapshot: ProductSnapshot | undefined = rebook ? undefined : takeSnapshot();
      // The order is made: the flow starts afresh, and so does the cart it paid for.
      // A rebooking left the cart out of its order, so the cart stays.
      if (rebook) endRebooking();
      else clearCart();
      currentOrderStore.set(null);
      checkoutStore.set(emptyCheckout);
      followOrder(
        {
          status: first.order.status,
          hash: first.order.hash,
          payment: first.payment,
          holdExpiresAt: first.order.hold_expires_at ?? null,
        },
        { navigate: (path: string) => navigate(path), assign: (url: string) => window.location.assign(url) },
        snapshot,
      );
    },
  });

  const priced = pricing !== 'pending' && input.orderPriced;

  function action(kind: 'pay' | 'reserve') {
    return {
      onClick() {
        const body = input.orderReady ? requestFor(kind, false) : null;
        if (body) void submission.submit(body);
        else input.onNotReady();
      },
      // Spec §4: not while the price is calculated or an order is placed. An unready form
      // is no reason: Pay then says what is missing (onNotReady).
      disabled: !priced || submission.loading !== false,
      loading: submission.loading === kind,
    };
  }

  return {
    productIds,
    couponCodes,
    totals,
    pricing,
    onInvoice: simulation.onInvoice,
    simulationCaptcha: simulation.captcha,
    submission,
    action,
  };
}
