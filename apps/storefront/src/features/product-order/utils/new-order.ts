import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { plainQuantityMax } from '@kassa/domain/rules/quantity';
import type { CartOrder } from '@/lib/cart-store';

/**
 * Seats left as the quantity step knows them: the open plot's for products
 * without days, the most any date still on sale has for products with days;
 * null when unlimited or unknown.
 */
export function quantityAvailability(product: ProductDetail): number | null {
  if (product.types.capacity === 'NONE') return null;
  return product.availability?.amount ?? null;
}

/**
 * A fresh order for a product: audiences at 0, or a plain quantity at the
 * product's minimum (at least 1) within what is available; for products with
 * days the hinted plot (the calendar's Checkout link) or none yet, the open
 * plot otherwise. A hint is only a preselection: the date step offers it only
 * when it is this product's and has room.
 */
export function newOrder(product: ProductDetail, plotHint: number | null = null): CartOrder {
  const max = plainQuantityMax({
    minQuantity: product.min_quantity,
    maxQuantity: product.max_quantity,
    availability: quantityAvailability(product),
  });
  return {
    product: {
      id: product.id,
      plot: product.options.days ? plotHint : product.plot,
      quantity: product.options.audiences ? 0 : Math.min(Math.max(product.min_quantity, 1), max),
    },
    audiences: product.options.audiences
      ? product.audiences.map((audience) => ({ id: audience.id, quantity: 0 }))
      : [],
    upsells: [],
  };
}

/** Tickets in the order: the audience total, or the plain quantity. */
export function ticketCount(order: CartOrder): number {
  return order.audiences.length > 0
    ? order.audiences.reduce((sum, line) => sum + line.quantity, 0)
    : order.product.quantity;
}
