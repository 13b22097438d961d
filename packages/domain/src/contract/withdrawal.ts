/**
 * The right of withdrawal (decision 0254): GET /api/withdrawal/{hash} tells
 * the buyer of a voucher or pass order whether they can still withdraw and
 * what it would end; POST /api/withdrawal/{hash} withdraws (the order's
 * secret hash is the key, as for the order page). Refusals answer 409 with
 * WITHDRAWAL_NOT_ELIGIBLE, WITHDRAWAL_NOT_PAID, WITHDRAWAL_ALREADY_DONE,
 * WITHDRAWAL_PERIOD_OVER or WITHDRAWAL_USED.
 */
import { z } from 'zod';
import { okResponse, priceSchema } from './common.ts';
import { text } from './text.ts';

export const withdrawalParamsSchema = z.object({ hash: text().min(16).max(200) });

export const withdrawalRefusalSchema = z.enum([
  'WITHDRAWAL_NOT_ELIGIBLE',
  'WITHDRAWAL_NOT_PAID',
  'WITHDRAWAL_ALREADY_DONE',
  'WITHDRAWAL_PERIOD_OVER',
  'WITHDRAWAL_USED',
]);
export type WithdrawalRefusalCode = z.infer<typeof withdrawalRefusalSchema>;

export const withdrawalSchema = z.object({
  orderNumber: text(),
  kind: z.enum(['PRODUCT', 'SUBSCRIPTION', 'VOUCHER']),
  /** What a withdrawal ends, one line each, in the order's language. */
  items: z.array(text()),
  /** What comes back to the original payment. */
  amount: priceSchema,
  currency: text(),
  /** The first instant the right is gone (ISO); null for an order without the right. */
  deadline: text().nullable(),
  /** Null when the buyer can withdraw now. */
  refusal: withdrawalRefusalSchema.nullable(),
  /** When the buyer withdrew (ISO), once they did. */
  withdrawnAt: text().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalAnswerSchema = okResponse(z.object({ withdrawal: withdrawalSchema }));
export type WithdrawalAnswer = z.infer<typeof withdrawalAnswerSchema>;

/** The buyer confirms: nothing else to choose, the money goes back the way they paid. */
export const withdrawRequestSchema = z.object({ confirm: z.literal(true) });
