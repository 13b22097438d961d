/**
 * The product cart (docs/storefront.md §4.3): product orders waiting to be paid
 * together. Home reads its size (subscriptions and vouchers hide while it is
 * not empty); the product order flow fills it.
 */
import { createSessionStore } from './session-store';

export interface CartOrder {
  product: { id: number; plot: number | null; quantity: number };
  audiences: { id: number; quantity: number }[];
  upsells: { id: number; quantity: number; price: number }[];
  /** Token of the client subscription redeemed for this order (docs/storefront.md §4.7). */
  subscription?: string | null;
  /** What the order summary shows of a waiting order, priced when it was added. */
  summary?: CartOrderSummary;
}

/** A cart order as the order summary lists it (amounts in cents). */
export interface CartOrderSummary {
  title: string;
  /** The product page's slug, to come back to it (edit, cancel). */
  slug: string;
  /** The chosen date and time, already formatted; null without a plot. */
  when: string | null;
  lines: { label: string; quantity: number; amountCents: number }[];
  subtotalCents: number;
  /** Ticket lines a coupon may discount (docs/storefront.md §9.3). */
  tickets: { key: string; unitPriceCents: number; quantity: number }[];
}

function isCartOrder(value: unknown): value is CartOrder {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Partial<CartOrder>;
  return (
    typeof order.product?.id === 'number' &&
    typeof order.product.quantity === 'number' &&
    Array.isArray(order.audiences) &&
    Array.isArray(order.upsells)
  );
}

function isCart(value: unknown): value is CartOrder[] {
  return Array.isArray(value) && value.every(isCartOrder);
}

export const cartStore = createSessionStore<CartOrder[]>('kassa.cart', [], isCart);

export function pushCartOrder(order: CartOrder): void {
  cartStore.set((cart) => [...cart, order]);
}

/** Removes and returns the last order (docs/storefront.md §4.3: cancel pops it back). */
export function popCartOrder(): CartOrder | undefined {
  const cart = cartStore.get();
  const last = cart.at(-1);
  if (last) cartStore.set(cart.slice(0, -1));
  return last;
}

/** Takes an order out of the cart to edit it (docs/storefront.md §4.3: editing removes it from the cart). */
export function takeCartOrder(index: number): CartOrder | undefined {
  const order = cartStore.get()[index];
  if (order) removeCartOrder(index);
  return order;
}

/** Puts an order back at its place (a change that was cancelled, decision 0196). */
export function insertCartOrder(index: number, order: CartOrder): void {
  cartStore.set((cart) => [...cart.slice(0, index), order, ...cart.slice(index)]);
}

export function removeCartOrder(index: number): void {
  cartStore.set((cart) => cart.filter((_, at) => at !== index));
}

export function clearCart(): void {
  cartStore.set([]);
}

export function useCartCount(): number {
  return cartStore.use((cart) => cart.length);
}
