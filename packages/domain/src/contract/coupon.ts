/**
 * POST /api/coupon (docs/storefront.md §7.7): checks a coupon or voucher code
 * against what is being ordered. Answers the terms the storefront needs to show
 * the discount with the same domain rules the server charges with.
 */
import { z } from 'zod';
import { text } from './text.ts';
import { idSchema, okResponse, priceSchema } from './common.ts';

const common = {
  code: text().max(100),
  /** The logged-in client's id; client-only coupons need it. */
  client_id: idSchema.nullable().optional(),
  /** Codes already applied to the order. */
  coupons: z.array(text().max(100)).max(20).default([]),
  /** The captcha widget's payload, once too many wrong codes came from this visitor (SECURITY_ codes). */
  captcha: text().max(10_000).nullable().optional(),
};

export const couponRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PRODUCT'), product: z.array(idSchema).min(1).max(50), ...common }),
  z.object({ type: z.literal('SUBSCRIPTION'), subscription: idSchema, ...common }),
]);
export type CouponRequest = z.infer<typeof couponRequestSchema>;
export type CouponRequestInput = z.input<typeof couponRequestSchema>;

export const couponDataSchema = z.object({
  /** PERCENTAGE or AMOUNT; a voucher is an AMOUNT of its credit. */
  type: z.enum(['PERCENTAGE', 'AMOUNT']),
  /** PERCENTAGE: percent (12.5 = 12.5 %); AMOUNT: money (2 decimals). */
  value: z.number(),
  /** The discount applies to at most this many tickets; null is all. */
  max_ticket_amount: z.number().int().nullable(),
  /** A voucher's remaining credit; null for coupons. */
  credit: priceSchema.nullable(),
  /** The code in display form (uppercase). */
  code: text(),
  barcode: text().nullable(),
});
export type CouponData = z.infer<typeof couponDataSchema>;

export const couponResultSchema = z.object({
  type: z.enum(['COUPON', 'VOUCHER']),
  data: couponDataSchema,
});
export type CouponResult = z.infer<typeof couponResultSchema>;

export const couponResponseSchema = okResponse(couponResultSchema);
export type CouponResponse = z.infer<typeof couponResponseSchema>;
