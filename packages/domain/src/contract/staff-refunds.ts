/**
 * Cancelling part or all of a sold order and refunding it, as staff do it
 * (decisions 0235–0237): POST /api/staff/orders/{number}/cancel (and
 * /cancel/preview), POST /api/staff/refunds/{id}/retry. An order is named
 * by its number as printed (spaces allowed), never its internal id.
 */
import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.ts';
import { text } from './text.ts';

export const REFUND_METHODS = ['original', 'voucher', 'none'] as const;
export const refundMethodSchema = z.enum(REFUND_METHODS);
export type RefundMethodChoice = z.infer<typeof refundMethodSchema>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatusName = (typeof REFUND_STATUSES)[number];

export const orderNumberParamsSchema = z.object({
  /** The order number as printed (`6857 4218 402`), grouped or not. */
  number: text().max(40),
});

export const cancelRequestSchema = z
  .object({
    /** Tickets to cancel, by id. */
    tickets: z.array(z.uuid()).max(500).optional(),
    /** Lines to cancel, with how many units (all that are left when absent). */
    lines: z
      .array(z.object({ id: idSchema, quantity: z.number().int().positive().max(10_000).optional() }))
      .max(200)
      .optional(),
    /** original: back to the payment; voucher: a gift voucher of the amount; none: nothing back (managers only). */
    refund: refundMethodSchema,
    reason: text().trim().max(500).optional(),
  })
  .strict();
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

export const refundLineSchema = z.object({
  order_line_id: z.number().int(),
  quantity: z.number().int(),
  amount_cents: z.number().int(),
  ticket_ids: z.array(text()),
});

export const refundSchema = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  method: refundMethodSchema,
  status: z.enum(REFUND_STATUSES),
  gateway: text().nullable(),
  provider_ref: text().nullable(),
  voucher_code: text().nullable(),
  /** Who cancelled: a staff member's e-mail, "visitor" or "system". */
  actor: text(),
  reason: text().nullable(),
  lines: z.array(refundLineSchema),
  /** Why the last gateway attempt failed. */
  last_error: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type StaffRefund = z.infer<typeof refundSchema>;

/** What a preview or a cancellation answers. */
export const cancellationSchema = z.object({
  order_number: text(),
  /** The order's status afterwards: CANCELLED once nothing is left. */
  order_status: text(),
  lines: z.array(refundLineSchema),
  /** What the cancelled units are worth (their share of what was paid, decision 0235). */
  share_cents: z.number().int(),
  /** What comes back: the share, or 0 with method none. */
  amount_cents: z.number().int(),
  method: refundMethodSchema,
  currency: text(),
  paid_cents: z.number().int(),
  refunded_before_cents: z.number().int(),
  /** The refund made; null for a preview. */
  refund: refundSchema.nullable(),
});
export type Cancellation = z.infer<typeof cancellationSchema>;

export const refundListSchema = z.object({ refunds: z.array(refundSchema) });

/** POST /api/staff/plots/{id}/close (managers, decision 0238). */
export const closePlotRequestSchema = z
  .object({
    /** Shown on the storefront and told to every visitor in their cancellation mail. */
    reason: text().trim().min(1).max(500),
    /**
     * Another slot of the same product: each booking is moved there when it
     * fits and costs nothing more, else cancelled and refunded (decision 0248).
     */
    move_to: idSchema.optional(),
  })
  .strict();

export const closePlotAnswerSchema = z.object({
  plot: z.number().int(),
  closed_at: text(),
  reason: text(),
  /** The orders cancelled and refunded. */
  cancelled: z.array(
    z.object({
      order_number: text(),
      amount_cents: z.number().int(),
      refund_status: z.enum(REFUND_STATUSES),
    }),
  ),
  /** The bookings moved to the slot named by move_to, with the order that now holds each. */
  moved: z.array(
    z.object({ order_number: text(), new_order_number: text(), refund_cents: z.number().int() }),
  ),
  /** Orders that could not be cancelled (a ticket let in already), for staff to look at. */
  refused: z.array(z.object({ order_number: text(), code: text() })),
});
export type ClosePlotAnswer = z.infer<typeof closePlotAnswerSchema>;

/** POST /api/staff/products/{id}/days/{date}/close (managers, decision 0248): every open slot of the day. */
export const closeDayParamsSchema = z.object({
  id: idSchema,
  date: isoDateSchema,
});
export const closeDayRequestSchema = z.object({ reason: text().trim().min(1).max(500) }).strict();
export const closeDayAnswerSchema = z.object({ slots: z.array(closePlotAnswerSchema) });

/** PATCH /api/staff/plots/{id} (managers): the slot's capacity, never below what is sold. */
export const plotCapacityRequestSchema = z
  .object({ capacity: z.number().int().min(0).max(1_000_000).nullable() })
  .strict();
export const plotCapacityAnswerSchema = z.object({
  plot: z.number().int(),
  capacity: z.number().int().nullable(),
  /** Seats held by paid and unexpired orders. */
  sold: z.number().int(),
});
