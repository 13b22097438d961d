import type { orderLines } from '../../db/schema.ts';

/** An order line as the booking writes it (it adds the order's id). */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'id'>;

/** One priced line of an item, any kind (tickets, upsells, voucher values). */
export type PricedOrderLine = Omit<NewOrderLine, 'itemIndex'>;

/** One item of an order as pricing sees it, whatever its kind. */
export interface PricedOrderItem {
  index: number;
  /** The product a coupon is matched against; null for items that are no product (voucher values). */
  productId: number | null;
  lines: PricedOrderLine[];
  subtotalCents: number;
}
