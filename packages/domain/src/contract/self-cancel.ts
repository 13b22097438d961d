/**
 * A visitor cancelling tickets or extras of their own paid order by the
 * product's cancellation policy (decisions 0258, 0259):
 * GET /api/orders/{hash}/cancellation?tickets=…&lines=… (what would come
 * back, or why not) and POST /api/orders/{hash}/cancel with a choice (the
 * cancellation). Money on the wire is a decimal with 2 places
 * (docs/storefront.md §9.1).
 */
import { z } from 'zod';
import { idSchema, okResponse, priceSchema } from './common.ts';
import { text } from './text.ts';

/** Where the money of a visitor's cancellation goes. */
export const SELF_CANCEL_METHODS = ['original', 'voucher'] as const;
export const selfCancelMethodSchema = z.enum(SELF_CANCEL_METHODS);
export type SelfCancelMethod = z.infer<typeof selfCancelMethodSchema>;

/** Why a visitor cannot cancel this themselves (each translated under selfCancel.errors). */
export const SELF_CANCEL_REFUSALS = [
  'SELF_CANCEL_NO_POLICY',
  'SELF_CANCEL_OUTSIDE_POLICY',
  'SELF_CANCEL_VISIT_STARTED',
  'SELF_CANCEL_NOT_PAID',
  'SELF_CANCEL_ORDER_KIND',
  'SELF_CANCEL_PAID_WITH_VOUCHER',
  'ORDER_ALREADY_CANCELLED',
  'CANCEL_TICKET_ADMITTED',
  'CANCEL_ITEM_ALREADY_CANCELLED',
  'CANCEL_NOTHING_CHOSEN',
] as const;

/** GET …/cancellation: comma-separated ticket ids, and lines as `id` or `id:quantity`; neither is all that is left. */
export const selfCancelQuerySchema = z.object({
  tickets: text().max(20_000).optional(),
  lines: text().max(4_000).optional(),
});

export const selfCancelTicketSchema = z.object({
  id: text(),
  line_id: z.number().int(),
  title: text(),
  /** YYYY-MM-DD in the shop's time zone; null without a day. */
  date: text().nullable(),
  /** HH:MM; null without a time. */
  time: text().nullable(),
  /** VALID can be chosen; ADMITTED was let in; CANCELLED is cancelled already. */
  state: z.enum(['VALID', 'ADMITTED', 'CANCELLED']),
});

export const selfCancelExtraSchema = z.object({
  line_id: z.number().int(),
  title: text(),
  /** Units not yet cancelled. */
  quantity_left: z.number().int(),
});

export const selfCancelPolicySchema = z.object({
  free_until_hours: z.number().int(),
  tiers: z.array(z.object({ until_hours: z.number().int(), fee_percent: z.number().int() })),
  refund_to: z.enum(['original', 'voucher', 'choice']),
  voucher_bonus_percent: z.number().int(),
});

export const selfCancelQuoteSchema = z.object({
  /** The chosen items' share of what was paid (decision 0235). */
  share: priceSchema,
  fee_percent: z.number().int(),
  fee: priceSchema,
  /** What comes back: share − fee. */
  refund: priceSchema,
  /** Where it may go; two when the visitor chooses. */
  methods: z.array(selfCancelMethodSchema),
  /** The voucher's value when the money goes to a voucher: the refund plus the policy's bonus. */
  voucher_value: priceSchema,
  /** When these terms end (ISO 8601): the next fee tier, or the end of self-service cancelling. */
  terms_end_at: text(),
  tickets: z.array(text()),
  lines: z.array(z.object({ id: z.number().int(), quantity: z.number().int() })),
});

export const selfCancellationSchema = z.object({
  /** The order number as printed. */
  order_number: text(),
  currency: text(),
  tickets: z.array(selfCancelTicketSchema),
  extras: z.array(selfCancelExtraSchema),
  policy: selfCancelPolicySchema.nullable(),
  /** What cancelling the choice gives back; null when refused. */
  quote: selfCancelQuoteSchema.nullable(),
  /** Why not; null when it can be done. */
  refusal: z.object({ code: text(), message: text() }).nullable(),
});
export type SelfCancellation = z.infer<typeof selfCancellationSchema>;
export const selfCancellationAnswerSchema = okResponse(selfCancellationSchema);

/**
 * POST /api/orders/{hash}/cancel with a choice. Without tickets and lines
 * the call keeps its older meaning: give up an order that waits for its
 * payment (decision 0146).
 */
export const selfCancelRequestSchema = z
  .object({
    tickets: z.array(z.uuid()).max(500).optional(),
    lines: z
      .array(z.object({ id: idSchema, quantity: z.number().int().positive().max(10_000).optional() }))
      .max(200)
      .optional(),
    /** Where the money goes; needed when the policy lets the visitor choose. */
    refund: selfCancelMethodSchema.optional(),
  })
  .strict();
export type SelfCancelRequest = z.infer<typeof selfCancelRequestSchema>;

export const selfCancelResultSchema = z.object({
  /** The order's status afterwards: CANCELLED once nothing is left. */
  status: text(),
  cancelled: z.object({
    tickets: z.array(text()),
    lines: z.array(z.object({ id: z.number().int(), quantity: z.number().int() })),
    fee: priceSchema,
    refund: priceSchema,
    method: selfCancelMethodSchema,
    /** The gift voucher's code and value when the money went to a voucher. */
    voucher_code: text().nullable(),
    voucher_value: priceSchema.nullable(),
    /** pending while the gateway works; succeeded; failed (the shop tries again). */
    refund_status: z.enum(['pending', 'succeeded', 'failed']),
    currency: text(),
  }),
});
export type SelfCancelResult = z.infer<typeof selfCancelResultSchema>;
