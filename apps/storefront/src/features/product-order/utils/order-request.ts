/**
 * The POST /api/orders body (docs/storefront.md §7.8) from the flow's state:
 * the cart items first, then the current order, the customer, the applied codes
 * (deduped, docs/storefront.md §5.5), the visit's enrichment and, after a
 * captcha, its token.
 */
import type { CreateOrderInput, OrderCustomer } from '@kassa/domain/contract/orders';
import { dedupeCouponCodes } from '@kassa/domain/rules/coupons';
import type { CartOrder } from '@/lib/cart-store';

type OrderItem = CreateOrderInput['orders'][number];

export interface OrderRequestInput {
  action: 'pay' | 'reserve';
  /** The cart, then the current order (null when it was pushed into the cart). */
  items: readonly CartOrder[];
  customer: OrderCustomer;
  /** Order custom field values by field id. */
  fields: Record<string, string | boolean | null>;
  coupons: readonly string[];
  language: string;
  captcha?: string | null;
  simulate?: boolean;
  rebook?: { hash: string; secret: string | null } | null;
  /** The visit's enrichment (lib/visit-enrichment), sent with every item of a real order. */
  enrichment?: Record<string, string>;
  /** A waiting-list offer's token: the order buys the places held for it (decision 0261). */
  waitlist?: string;
}

export function orderItem(order: CartOrder, language: string, extra: Partial<OrderItem> = {}): OrderItem {
  const audiences = order.audiences.filter((line) => line.quantity > 0);
  const upsells = order.upsells.filter((line) => line.quantity > 0);
  return {
    product: {
      id: order.product.id,
      plot: order.product.plot,
      ...(audiences.length > 0 ? {} : { quantity: order.product.quantity }),
    },
    upsells: Object.fromEntries(upsells.map((line) => [String(line.id), { ...line }])),
    audiences: Object.fromEntries(audiences.map((line) => [String(line.id), { ...line }])),
    subscription: order.subscription ?? null,
    language,
    ...extra,
  };
}

export function orderRequest(input: OrderRequestInput): CreateOrderInput {
  const simulate = input.simulate === true;
  const rebook = input.rebook ? { rebook: input.rebook.hash, rebook_secret: input.rebook.secret } : {};
  // A simulation stores nothing: it goes without, and its cached answer does not depend on it.
  const enrichment = input.enrichment && !simulate ? { enrichment: input.enrichment } : {};
  return {
    action: input.action,
    customer: input.customer,
    fields: input.fields,
    coupon: dedupeCouponCodes(input.coupons),
    language: input.language,
    ...(input.captcha ? { captcha: input.captcha } : {}),
    ...(simulate ? { simulate: true } : {}),
    // A simulation claims nothing: the token goes with the real order only.
    ...(input.waitlist && !simulate ? { waitlist: input.waitlist } : {}),
    orders: input.items.map((order) =>
      orderItem(order, input.language, { ...rebook, ...enrichment, ...(simulate ? { simulate } : {}) }),
    ),
  };
}
