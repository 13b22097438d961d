/**
 * The product flow's state, kept in sessionStorage: it must survive moving
 * between product pages (a cross-sell, editing a cart item, cancel) and a
 * reload. The cart itself is lib/cart-store (home reads it).
 */
import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { CustomerFormState } from '@/features/checkout/components/customer-form';
import type { CartOrder } from '@/lib/cart-store';
import { createSessionStore } from '@/lib/session-store';
import type { FlowStep } from '../utils/flow-steps';

export interface CurrentOrder {
  step: FlowStep;
  order: CartOrder;
  /** The hash of the booking a rebooking moves; absent for a normal order. */
  rebook?: string;
  /**
   * A cart order opened to be changed: where it stood and what it was, so
   * cancelling the change puts it back as it was (decision 0196).
   */
  editing?: { index: number; original: CartOrder };
}

export interface CheckoutState {
  /** The customer form's own state (values, company box), handed back to it. */
  form: CustomerFormState | null;
  /** The valid customer, or null while the form is not ready (docs/storefront.md §4.9). */
  customer: OrderCustomer | null;
  coupons: CouponResult[];
}

const STEPS: readonly string[] = ['quantity', 'plot', 'upsells', 'cross_sells', 'customer', 'checkout'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCurrent(value: unknown): value is CurrentOrder | null {
  if (value === null) return true;
  return (
    isRecord(value) &&
    typeof value.step === 'string' &&
    STEPS.includes(value.step) &&
    isRecord(value.order) &&
    isRecord(value.order.product) &&
    typeof value.order.product.id === 'number' &&
    Array.isArray(value.order.audiences) &&
    Array.isArray(value.order.upsells)
  );
}

function isCheckout(value: unknown): value is CheckoutState {
  return isRecord(value) && 'form' in value && Array.isArray(value.coupons);
}

export const currentOrderStore = createSessionStore<CurrentOrder | null>(
  'kassa.product-flow',
  null,
  isCurrent,
);

export const emptyCheckout: CheckoutState = { form: null, customer: null, coupons: [] };
export const checkoutStore = createSessionStore<CheckoutState>('kassa.checkout', emptyCheckout, isCheckout);
