/**
 * The statuses an order can be in (decision 0225): defined here once and
 * used by the database column, the API contracts and the storefront, so a
 * status the server stores is one every screen has words for.
 */
export const ORDER_STATUSES = [
  'PENDING',
  'RESERVED',
  'PAID',
  /** Confirmed on invoice (a client allowed to): seats held for good, nothing paid online. */
  'INVOICED',
  'EXPIRED',
  'CANCELLED',
  'FAILED',
  /** Paid after the seats or discounts were gone, or paid twice: the shop owes money back. */
  'REFUND_REQUIRED',
  /** Moved to another slot by a rebooking (decision 0040): its seats are released. */
  'REBOOKED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses the engine books a new order in: what placing one answers, besides a simulation. */
export const PLACED_ORDER_STATUSES = [
  'PENDING',
  'RESERVED',
  'PAID',
  'INVOICED',
] as const satisfies readonly OrderStatus[];
export type PlacedOrderStatus = (typeof PLACED_ORDER_STATUSES)[number];

/** Whether `status` is an order status (text read from outside, e.g. a command-line option). */
export function isOrderStatus(status: string): status is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status);
}
