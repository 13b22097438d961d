/**
 * Moving a booking on the visitor's behalf (decision 0247):
 * GET /api/staff/orders/{number}/move/plots (the times it can go to, with
 * free places), POST /api/staff/orders/{number}/move/preview and
 * POST /api/staff/orders/{number}/move. Box office and managers.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';
import { refundSchema } from './staff-refunds.ts';
import { text } from './text.ts';

export const moveRequestSchema = z
  .object({
    /** The time (plot) of the same product to move to. */
    plot: idSchema,
    /** Charge the shop's rebooking fee, as a visitor's own rebooking would; false waives it. */
    fee: z.boolean(),
  })
  .strict();
export type MoveRequestBody = z.infer<typeof moveRequestSchema>;

const movePlotSchema = z.object({
  plot: z.number().int(),
  date: text().nullable(),
  start: text().nullable(),
});

export const moveAnswerSchema = z.object({
  order_number: text(),
  /** PREVIEW changes nothing; MOVED: done, new tickets mailed; AWAITING_PAYMENT: the visitor was mailed a link to pay the difference. */
  outcome: z.enum(['PREVIEW', 'MOVED', 'AWAITING_PAYMENT']),
  from: movePlotSchema,
  to: movePlotSchema,
  /** The new booking's price with the fee when charged, before the credit. */
  price_cents: z.number().int(),
  fee_cents: z.number().int(),
  /** What the booking being moved is worth against the new one. */
  credit_cents: z.number().int(),
  to_pay_cents: z.number().int(),
  refund_cents: z.number().int(),
  currency: text(),
  /** The order that holds the booking afterwards, or that waits for the difference; null for a preview. */
  new_order_number: text().nullable(),
  refund: refundSchema.nullable(),
});
export type MoveAnswerBody = z.infer<typeof moveAnswerSchema>;

export const movePlotsSchema = z.object({
  order_number: text(),
  /** The booked time. */
  current: z.number().int(),
  /** Tickets the booking holds: a time needs this many free places. */
  seats: z.number().int(),
  plots: z.array(
    movePlotSchema.extend({
      /** Free places now; null when the time has no limit. */
      free: z.number().int().nullable(),
    }),
  ),
});
export type MovePlots = z.infer<typeof movePlotsSchema>;
