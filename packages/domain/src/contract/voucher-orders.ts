/**
 * POST /api/vouchers (docs/storefront.md §3.10, §7.10): buy gift vouchers — one
 * quantity per voucher value — or simulate the order to learn whether it
 * goes on invoice. One order of kind VOUCHER; paid, each unit becomes an
 * issued code.
 */
import { z } from 'zod';
import { text } from './text.ts';
import { enrichmentSchema } from './enrichment.ts';
import { idSchema, okResponse, priceSchema } from './common.ts';
import { orderCustomerSchema, paymentSchema, placedOrderStatusSchema } from './orders.ts';

const quantity = z.number().int().min(0).max(10_000);

export const createVoucherOrderRequestSchema = z.object({
  /** The voucher and the total number of codes (the sum of the values' quantities). */
  voucher: z.object({ id: idSchema, quantity: quantity.optional() }),
  values: z
    .array(z.object({ id: idSchema, quantity }))
    .max(100)
    .default([]),
  /** Same fields as the subscription form, without a password. */
  customer: orderCustomerSchema,
  /** Order custom fields by field id (merged with customer.fields). */
  fields: z.record(text().max(20), z.union([text().max(65_535), z.boolean()]).nullable()).default({}),
  /** Coupon codes, where the shop's coupons allow it (a coupon restricted to nothing). */
  coupon: z.array(text().max(500)).max(20).default([]),
  language: text().max(10).optional(),
  /** Marketing context (campaign tags, referrer, embedding page), bounded; stored with the order. */
  enrichment: enrichmentSchema.optional(),
  captcha: text().max(10_000).nullable().optional(),
  /** A paid booking turned into a voucher for its value: its hash and rebooking secret. */
  rebook: text().max(200).nullable().optional(),
  rebook_secret: text().max(200).nullable().optional(),
  simulate: z.boolean().optional(),
});
export type CreateVoucherOrderRequest = z.infer<typeof createVoucherOrderRequestSchema>;
export type CreateVoucherOrderInput = z.input<typeof createVoucherOrderRequestSchema>;

export const voucherOrderAnswerSchema = z.object({
  order: z.object({
    status: placedOrderStatusSchema,
    /** The order hash (the return page's); null when simulated. */
    hash: text().nullable(),
    /** On invoice: nothing is paid online (a client allowed to, decision 0053). */
    invoice: z.boolean(),
  }),
  /** The payment hand-off; null when simulated. */
  payment: paymentSchema.nullable(),
  priceInfo: z.object({
    productPrice: priceSchema,
    discount: priceSchema,
    additions: priceSchema,
    total: priceSchema,
    /** A converted booking's value taken off the total. */
    credit: priceSchema.optional(),
  }),
});
export type VoucherOrderAnswer = z.infer<typeof voucherOrderAnswerSchema>;

export const createVoucherOrderResponseSchema = okResponse(voucherOrderAnswerSchema);
