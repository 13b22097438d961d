/**
 * The product flow's state at the payment hand-off: the cart, the current
 * order (at its customer step) and the customer form. Given back when the
 * visitor comes Back from the payment page (decision 0146), so the
 * checkout is as they left it.
 */
import { cartStore, type CartOrder } from '@/lib/cart-store';
import { checkoutStore, currentOrderStore, type CheckoutState, type CurrentOrder } from './flow-store';

export interface ProductSnapshot {
  kind: 'product';
  cart: CartOrder[];
  current: CurrentOrder | null;
  checkout: CheckoutState;
}

export function takeSnapshot(): ProductSnapshot {
  return {
    kind: 'product',
    cart: cartStore.get(),
    current: currentOrderStore.get(),
    checkout: checkoutStore.get(),
  };
}

function isSnapshot(value: unknown): value is ProductSnapshot {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'product' &&
    Array.isArray((value as { cart?: unknown }).cart)
  );
}

/** Puts a snapshot back in the stores (through their own checks: a bad one changes nothing). */
export function restoreSnapshot(value: unknown): void {
  if (!isSnapshot(value)) return;
  cartStore.set(value.cart);
  if (value.current) currentOrderStore.set(value.current);
  if (value.checkout) checkoutStore.set(value.checkout);
}
