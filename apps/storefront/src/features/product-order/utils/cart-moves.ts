/**
 * The cart's moves from outside a product page (the header's cart,
 * docs/storefront.md §4.3, decision 0145): each changes the stores and answers
 * the product page to go to.
 */
import {
  insertCartOrder,
  popCartOrder,
  pushCartOrder,
  takeCartOrder,
  type CartOrder,
} from '@/lib/cart-store';
import { itemPath } from '@/lib/item-paths';
import { currentOrderStore, type CurrentOrder } from '../hooks/flow-store';

function orderPath(order: CartOrder, step: string): string {
  return `${itemPath('product', { id: order.product.id, slug: order.summary?.slug ?? '' })}?step=${step}`;
}

/** Puts an order opened for a change back at its place in the cart, as it was (decision 0196). */
export function putBackEditedOrder(current: CurrentOrder | null): void {
  if (current?.editing && !current.rebook) insertCartOrder(current.editing.index, current.editing.original);
}

/**
 * Editing a cart item takes it out of the cart as the current order, at
 * its first step; a current order waiting on its customer step goes into
 * the cart first (`asCart`: that order as the cart lists it), any other is
 * dropped — unless it is itself a change of a cart order:
 * that one goes back as it was, never lost (decision 0196).
 */
export function editCartOrder(index: number, asCart?: CartOrder): string | null {
  const current = currentOrderStore.get();
  const waiting = current && !current.rebook ? current : null;
  let at = index;
  if (waiting?.editing && waiting.step !== 'customer') {
    putBackEditedOrder(waiting);
    // The list the visitor chose from did not hold the order being changed.
    if (at >= waiting.editing.index) at += 1;
  }
  const item = takeCartOrder(at);
  if (!item) return null;
  if (waiting?.step === 'customer') pushCartOrder(asCart ?? waiting.order);
  currentOrderStore.set({ step: 'quantity', order: item, editing: { index: at, original: item } });
  return orderPath(item, 'quantity');
}

/**
 * Checkout from anywhere: the last cart item comes back as the current
 * order at the customer step, where the whole cart is paid (the same move
 * as the flow's cancel, docs/storefront.md §4.3).
 */
export function checkoutCart(): string | null {
  const last = popCartOrder();
  if (!last) return null;
  currentOrderStore.set({ step: 'customer', order: last });
  return orderPath(last, 'customer');
}
