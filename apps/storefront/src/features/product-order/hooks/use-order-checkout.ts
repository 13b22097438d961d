/**
 * A product order (POST /api/orders) in the shared checkout (decision
 * 0220): the request over the cart and the current order, the codes
 * applied to it, and what the flow ends on success (the cart paid for, or
 * the rebooking done), with the snapshot a Back from the payment page
 * gives back (decision 0146).
 */
import type { CreateOrderInput, OrderAnswer } from '@kassa/domain/contract/orders';
import { simulatedTotals } from '@kassa/domain/rules/simulated-totals';
import type { FrameCoupons } from '@/features/checkout/components/checkout-coupons';
import { useCheckout, type OrderKind } from '@/features/checkout/hooks/use-checkout';
import { couponCodes, withCoupon } from '@/features/checkout/utils/applied-coupons';
import { clearCart, type CartOrder } from '@/lib/cart-store';
import { activeLanguage } from '@/lib/language';
import { endRebooking } from '@/lib/rebooking-store';
import { visitEnrichment } from '@/lib/visit-enrichment';
import { createOrder } from '../api/create-order';
import type { FlowStep } from '../utils/flow-steps';
import { orderRequest } from '../utils/order-request';
import { checkoutStore, currentOrderStore, emptyCheckout, type CheckoutState } from './flow-store';
import { takeSnapshot } from './product-snapshot';
import { claimTokenFor, waitlistClaimStore } from './waitlist-claim';

interface CheckoutInput {
  /** The cart, then the current order with its summary. */
  items: CartOrder[];
  checkout: CheckoutState;
  step: FlowStep;
  /** A rebooking: sent as orders[].rebook and rebook_secret (decision 0040). */
  rebook: { hash: string; secret: string } | null;
  /** Quantity and plot are chosen (the customer is checked by the checkout). */
  orderReady: boolean;
  /** The current order's price is known (its plot is loaded). */
  orderPriced: boolean;
}

export function useOrderCheckout(input: CheckoutInput) {
  const { items, rebook } = input;
  // No coupons on a rebooking (decision 0040); codes applied to an earlier order stay out.
  const coupons = rebook ? [] : couponCodes(input.checkout.coupons);
  const kind: OrderKind<CreateOrderInput, OrderAnswer[]> = {
    name: 'product',
    request: (action, customer, simulate) =>
      orderRequest({
        action,
        items,
        customer,
        fields: {},
        coupons,
        language: activeLanguage(),
        simulate,
        rebook,
        enrichment: visitEnrichment(),
        waitlist: items.map((item) => claimTokenFor(waitlistClaimStore.get(), item)).find(Boolean),
      }),
    send: createOrder,
    price: (answers) => ({
      onInvoice: answers.some((answer) => answer.invoice),
      totals: simulatedTotals(answers),
    }),
    placed(answers) {
      const first = answers[0];
      if (!first) return null;
      // What Back from the payment page gives back; a rebooking starts from its entry again.
      const snapshot = rebook ? undefined : takeSnapshot();
      // The order is made: the flow starts afresh, and so does the cart it paid for.
      // A rebooking left the cart out of its order, so the cart stays.
      if (rebook) endRebooking();
      else clearCart();
      currentOrderStore.set(null);
      checkoutStore.set(emptyCheckout);
      // The offer is bought: its token has done its one use (decision 0261).
      waitlistClaimStore.set(null);
      return {
        order: {
          status: first.order.status,
          hash: first.order.hash,
          payment: first.payment,
          holdExpiresAt: first.order.hold_expires_at ?? null,
        },
        snapshot,
      };
    },
  };
  const checkout = useCheckout({
    kind,
    active: input.step === 'customer',
    customer: input.checkout.customer,
    ready: input.orderReady,
    priced: input.orderPriced,
  });
  return { checkout, coupons: rebook ? undefined : productCoupons(items, input.checkout) };
}

/** The codes of a product order, checked against every product in it and kept in the session with the form. */
function productCoupons(items: readonly CartOrder[], checkout: CheckoutState): FrameCoupons {
  return {
    target: { type: 'PRODUCT', product: productIdsOf(items) },
    applied: checkout.coupons,
    onApplied: (result) =>
      checkoutStore.set((current) => ({ ...current, coupons: withCoupon(current.coupons, result) })),
    // A coupon discounts tickets only (decision 0010): each one says so.
    describe: true,
  };
}

/** The products of the order and the cart, once each (fields and codes restricted to products). */
export function productIdsOf(items: readonly CartOrder[]): number[] {
  return [...new Set(items.map((item) => item.product.id))];
}
