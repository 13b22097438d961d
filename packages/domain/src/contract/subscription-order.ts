/**
 * POST /api/subscriptions and GET /api/client/subscription/{hash}
 * (docs/storefront.md §7.9, §7.2; §3.9, §3.19).
 */
import { z } from 'zod';
import { passSchema } from './client.ts';
import { idSchema, okResponse, priceSchema } from './common.ts';
import {
  fieldValueSchema,
  orderCustomerSchema,
  orderUpsellSchema,
  paymentSchema,
  placedOrderStatusSchema,
} from './orders.ts';
import { text } from './text.ts';
import { enrichmentSchema } from './enrichment.ts';

const quantity = z.number().int().min(0).max(10_000);

export const createSubscriptionOrderRequestSchema = z.object({
  /** customer.token for a logged-in client; customer.password for a visitor who becomes one. */
  customer: orderCustomerSchema.extend({ password: text().max(1000).nullable().optional() }),
  subscription: z.object({ id: idSchema, quantity: quantity.optional() }),
  /** Keyed by audience id (physical subscriptions); left out for renewals, which name their passes. */
  audiences: z.record(text().max(20), z.object({ id: idSchema, quantity })).default({}),
  /** Keyed by upsell id. */
  upsells: z.record(text().max(20), orderUpsellSchema).default({}),
  /** Coupon code(s): one code, or the list the storefront keeps. */
  coupon: z
    .union([text().max(500), z.array(text().max(500)).max(20)])
    .nullable()
    .optional(),
  /** The renewal hash of the holding this order renews, with the passes renewed. */
  renewal: text().max(200).nullable().optional(),
  passes: z.array(idSchema).max(100).optional(),
  fields: z.record(text().max(20), fieldValueSchema).default({}),
  /** Marketing context (campaign tags, referrer, embedding page), bounded; stored with the order. */
  enrichment: enrichmentSchema.optional(),
  language: text().max(10).optional(),
  captcha: text().max(10_000).nullable().optional(),
  simulate: z.boolean().optional(),
});
export type CreateSubscriptionOrderRequest = z.infer<typeof createSubscriptionOrderRequestSchema>;
export type CreateSubscriptionOrderInput = z.input<typeof createSubscriptionOrderRequestSchema>;

export const subscriptionOrderAnswerSchema = z.object({
  /** Null for a simulation. */
  payment: paymentSchema.nullable(),
  subscription: z.object({
    /** What is paid online (docs/storefront.md §9.3, subscription total). */
    amount: priceSchema,
    subtotal: priceSchema,
    discount: priceSchema,
    additions: priceSchema,
  }),
  order: z.object({ status: placedOrderStatusSchema, hash: text().nullable() }),
  invoice: z.boolean(),
  /** A visitor who became a client with this order: now logged in with this session token. */
  client: z.object({ id: z.number().int(), token: text() }).nullable(),
});
export type SubscriptionOrderAnswer = z.infer<typeof subscriptionOrderAnswerSchema>;
export const createSubscriptionOrderResponseSchema = okResponse(subscriptionOrderAnswerSchema);

/** GET /api/client/subscription/{hash} (docs/storefront.md §3.19). */
export const subscriptionRenewalSchema = z.object({
  renewable: z.boolean(),
  hash: text(),
  /** The subscription id (spec: id) and the subscription renewed. */
  id: z.number().int(),
  subscription: z.object({ id: z.number().int(), slug: text(), title: text() }),
  /** YYYY-MM-DD in the shop's time zone. */
  expiration: text(),
  passes: z.array(passSchema),
});
export type SubscriptionRenewal = z.infer<typeof subscriptionRenewalSchema>;
