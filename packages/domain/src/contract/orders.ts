/**
 * POST /api/orders (docs/storefront.md §7.8): pay for or reserve one or more
 * product orders (the cart), or simulate them to learn the server's prices and
 * whether the order goes on invoice. One request makes one order with one
 * payment; each cart item is answered with its own price info.
 */
import { z } from 'zod';
import { ORDER_STATUSES, PLACED_ORDER_STATUSES } from '../rules/order-status.ts';
import { text } from './text.ts';
import { enrichmentSchema } from './enrichment.ts';
import { idSchema, okResponse, priceSchema } from './common.ts';

const quantity = z.number().int().min(0).max(10_000);
const shortText = text().max(500);
/** A custom field value: text, or a checkbox. */
export const fieldValueSchema = z.union([text().max(65_535), z.boolean()]).nullable();
const fieldValues = z.record(text().max(20), fieldValueSchema);

export const orderCustomerSchema = z.object({
  first_name: text().max(65_535).default(''),
  last_name: text().max(65_535).default(''),
  email: text().max(65_535).default(''),
  /** A company name ticks the company box; null or empty leaves it unticked. */
  company: text().max(65_535).nullable().optional(),
  vat_id: text().max(65_535).nullable().optional(),
  address: text().max(65_535).nullable().optional(),
  city: text().max(65_535).nullable().optional(),
  /** A logged-in client's token. */
  token: text().max(200).nullable().optional(),
  /** Custom field values by field id. */
  fields: fieldValues.default({}),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

export const orderUpsellSchema = z.object({
  id: idSchema,
  quantity,
  /** Ignored except for DONATION upsells, where the amount is the visitor's choice (at most 1,000,000). */
  price: z.number().finite().max(1_000_000).optional(),
});

export const orderAudienceSchema = z.object({ id: idSchema, quantity });

export const orderItemSchema = z.object({
  product: z.object({
    id: idSchema,
    /** The chosen plot; products without days may omit it (their open plot is used). */
    plot: idSchema.nullable().optional(),
    /** Plain quantity; ignored when audiences are given. */
    quantity: quantity.optional(),
  }),
  /** Keyed by upsell id. */
  upsells: z.record(text().max(20), orderUpsellSchema).default({}),
  /** Keyed by audience id. */
  audiences: z.record(text().max(20), orderAudienceSchema).default({}),
  /** Token of a client subscription redeemed for this item. */
  subscription: text().max(200).nullable().optional(),
  /** Hash of the order being rebooked, with the rebooking secret. */
  rebook: text().max(200).nullable().optional(),
  rebook_secret: text().max(200).nullable().optional(),
  /** Marketing context (campaign tags, referrer, embedding page), bounded; stored with the order. */
  enrichment: enrichmentSchema.optional(),
  language: text().max(10).optional(),
  simulate: z.boolean().optional(),
});
export type OrderItemRequest = z.infer<typeof orderItemSchema>;

export const createOrderRequestSchema = z.object({
  action: z.enum(['pay', 'reserve']).default('pay'),
  customer: orderCustomerSchema,
  /** Order custom fields by field id (merged with customer.fields). */
  fields: fieldValues.default({}),
  /** Coupon and voucher codes; duplicates are dropped case-insensitively. */
  coupon: z.array(shortText).max(20).default([]),
  language: text().max(10).optional(),
  captcha: text().max(10_000).nullable().optional(),
  /** A waiting-list offer's token (decision 0252): the order takes the places held for it. */
  waitlist: text().max(200).nullable().optional(),
  /** A waiting room's pass (decision 0266): needed while the product is in rush mode, spent by the order. */
  rushPass: text().max(500).nullable().optional(),
  /** Also accepted per order item, as the storefront sends it there. */
  simulate: z.boolean().optional(),
  orders: z.array(orderItemSchema).min(1).max(20),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;
export type CreateOrderInput = z.input<typeof createOrderRequestSchema>;

export const paymentSchema = z.object({
  gateway: text(),
  type: z.enum(['REDIRECT', 'FORM', 'CUSTOM']),
  hash: text(),
  /** false when nothing is to be paid online (free, or on invoice). */
  transaction: z.union([z.literal(false), z.object({ response: z.record(text(), z.unknown()) })]),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * What placing an order answers: the status it was booked in, or SIMULATED.
 * INVOICED: confirmed on invoice (a client whose account allows it); nothing is paid online.
 */
export const placedOrderStatusSchema = z.enum([...PLACED_ORDER_STATUSES, 'SIMULATED']);

export const orderAnswerSchema = z.object({
  order: z.object({
    status: placedOrderStatusSchema,
    /** The order hash, or the reservation hash for RESERVED (go to /reservation/{hash}); null when simulated. */
    hash: text().nullable(),
    /**
     * A PENDING order waiting for its online payment: when its hold on the
     * seats ends (ISO 8601, now + the organisation's hold_minutes), after
     * which the seats go back on sale. Absent or null otherwise.
     */
    hold_expires_at: text().nullable().optional(),
  }),
  /** null for reservations and simulations: a reservation is paid later from its page. */
  payment: paymentSchema.nullable(),
  /**
   * On invoice: nothing is paid online. Only for a logged-in client whose
   * account (or group) allows invoicing; a company name alone never is.
   */
  invoice: z.boolean(),
  /**
   * This cart item's prices. Additions belong to the whole order and are
   * reported on the first item only, so the items add up to the order total.
   */
  priceInfo: z.object({
    productPrice: priceSchema,
    discount: priceSchema,
    additions: priceSchema,
    /** Rebooking only: the rebooked order's value taken off the total (decision 0040); on the first item. */
    credit: priceSchema.optional(),
  }),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

export const createOrderResponseSchema = okResponse(z.object({ orders: z.array(orderAnswerSchema) }));
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/**
 * POST /api/orders/{hash}/cancel: an order waiting for its payment is given
 * up (the visitor went Back from the payment page); its seats are free at
 * once. Answered again for an order already ended unpaid.
 */
export const cancelOrderResponseSchema = okResponse(
  z.object({ status: z.enum(ORDER_STATUSES).extract(['CANCELLED', 'EXPIRED', 'FAILED']) }),
);
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;
