/**
 * The waiting room of a rush (decisions 0265–0267): POST
 * /api/waiting-room/join gives a visitor a place and a signed queue token,
 * GET /api/waiting-room/status answers their position and, once admitted,
 * a signed pass that one product order spends (`rushPass` in POST /api/orders).
 */
import { z } from 'zod';
import { idSchema, okResponse } from './common.ts';
import { text } from './text.ts';

export const joinWaitingRoomRequestSchema = z.object({ productId: idSchema });
export type JoinWaitingRoomRequest = z.infer<typeof joinWaitingRoomRequestSchema>;

export const waitingRoomStateSchema = z.enum([
  /** Queued before the opening: the place is drawn at random at the opening. */
  'PRE_QUEUE',
  'WAITING',
  /** Admitted: `pass` is valid until `passExpiresAt`. */
  'ADMITTED',
  /** The pass ran out unused: join again. */
  'EXPIRED',
  /** The pass was spent on an order. */
  'USED',
  /** The rush ended or the product sold out: it sells as usual, or not at all. */
  'OVER',
]);
export type WaitingRoomState = z.infer<typeof waitingRoomStateSchema>;

export const waitingRoomStatusSchema = z.object({
  state: waitingRoomStateSchema,
  productId: z.number(),
  /** 1 is next; null unless WAITING. */
  position: z.number().nullable(),
  /** Whole minutes at the set rate; null when admissions follow freed capacity or not WAITING. */
  estimateMinutes: z.number().nullable(),
  /** Admissions per minute; null: as capacity frees up. */
  admitPerMinute: z.number().nullable(),
  opensAt: text(),
  pass: text().nullable(),
  passExpiresAt: text().nullable(),
  /** When to ask again, in milliseconds. */
  pollAfterMs: z.number(),
});
export type WaitingRoomStatus = z.infer<typeof waitingRoomStatusSchema>;

export const joinWaitingRoomAnswerSchema = okResponse(
  z.object({ token: text(), status: waitingRoomStatusSchema }),
);
export type JoinWaitingRoomAnswer = z.infer<typeof joinWaitingRoomAnswerSchema>;

export const waitingRoomStatusQuerySchema = z.object({ token: text().min(1).max(500) });
export const waitingRoomStatusAnswerSchema = okResponse(z.object({ status: waitingRoomStatusSchema }));
export type WaitingRoomStatusAnswer = z.infer<typeof waitingRoomStatusAnswerSchema>;

/** Whether a product sells through a waiting room now (the storefront sends visitors there). */
export const productRushSchema = z.object({
  productId: z.number(),
  active: z.boolean(),
  opensAt: text().nullable(),
  endsAt: text().nullable(),
});
export const productRushAnswerSchema = okResponse(z.object({ rush: productRushSchema }));
export type ProductRushAnswer = z.infer<typeof productRushAnswerSchema>;
