/**
 * The cart's moves from outside a product page (the header's cart, spec §4
 * Cart): each changes the stores and answers the product page to go to.
 */
import { popCartOrder, pushCartOrder, takeCartOrder, type CartOrder } from '@/lib/cart-store';
import { itemPath } from '@/lib/item-paths';
import { currentOrderStore } from '../hooks/flow-store';

function orderPath(order: CartOrder, step: string): string {
  return `${itemPath('product', { id: order.product.id, slug: order.summary?.slug ?? '' })}?step=${step}`;
}

/**
 * Editing a cart item takes it out of the cart as the current order, at
 * its first step; a current order waiting on its customer step goes into
 * the cart first, any other is dropped (spec §4 Cart).
 */
export function editCartOrder(index: number): string | null {
  const item = takeCartOrder(index);
  if (!item) return null;
  const current = currentOrderStore.get();
  if (current && !current.rebook && current.step === 'customer') pushCartOrder(current.order);
  currentOrderStore.set({ step: 'quantity', order: item });
  return orderPath(item, 'quantity');
}

/**
 * Checkout from anywhere: the last cart item comes back as the current
 * order at the customer step, where the whole cart is paid (the same move
 * as the flow's cancel, spec §4 Cart).
 */
export function checkoutCart(): string | null {
  const last = popCartOrder();
  if (!last) return null;
  currentOrderStore.set({ step: 'customer', order: last });
  return orderPath(last, 'customer');
}
