/**
 * The order a rebooking starts from (docs/storefront.md §3.17, decision 0040):
 * the same product and the same quantities as the booked order (plain or per
 * audience), its upsells prefilled, and its current plot preselected.
 */
import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { Rebooking, RebookQuantity } from '@kassa/domain/contract/rebook';
import { audienceTotal } from '@kassa/domain/rules/quantity';
import type { CartOrder } from '@/lib/cart-store';

function total(quantity: RebookQuantity): number {
  return typeof quantity === 'number' ? quantity : audienceTotal(quantity);
}

export function rebookingOrder(product: ProductDetail, rebooking: Rebooking): CartOrder {
  const booked = rebooking.quantity.product;
  const perAudience = product.options.audiences && typeof booked !== 'number';
  return {
    product: {
      id: product.id,
      plot: rebooking.plot ?? (product.options.days ? null : product.plot),
      quantity: perAudience ? 0 : total(booked),
    },
    audiences: perAudience
      ? product.audiences.map((audience) => ({ id: audience.id, quantity: booked[String(audience.id)] ?? 0 }))
      : [],
    upsells: Object.entries(rebooking.quantity.upsells)
      .map(([id, quantity]) => ({ id: Number(id), quantity: total(quantity), price: 0 }))
      .filter((line) => Number.isInteger(line.id) && line.quantity > 0),
  };
}
