import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { ticketsMailKind } from '../../tickets/tickets-mail-kind.ts';
import { ticketCount } from '../../tickets/issue-tickets.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import { mayHaveTickets } from './tickets-download.ts';

/** Per client IP (the route's hook): enough for a few orders, not for flooding the outbox. */
export const RESEND_TICKETS_IP_LIMIT: RateLimitRule = {
  name: 'tickets-resend',
  max: 10,
  windowMs: 60 * 60_000,
};
/** Per order: whoever holds its link cannot turn the shop into a mail cannon aimed at one inbox. */
export const RESEND_TICKETS_ORDER_LIMIT: RateLimitRule = {
  name: 'tickets-resend-order',
  max: 3,
  windowMs: 60 * 60_000,
};

/**
 * "Send my tickets again" from the return page: the TICKETS mail of an
 * order that has tickets is queued once more (the first one may have been
 * lost in a spam folder or mistyped inbox… the address stays the order's).
 */
export async function resendTickets(db: Db, order: OrderRow, baseUrl: string, now: Date): Promise<void> {
  if (!mayHaveTickets(order) || (await ticketCount(db, order.id)) === 0) {
    throw paymentErrors.ticketsNotAvailable();
  }
  const limit = await consumeRateLimit(db, RESEND_TICKETS_ORDER_LIMIT, `order:${order.id}`, now);
  if (!limit.allowed) throw new AppError(429, 'RATE_LIMITED', 'The tickets were sent again a moment ago');
  await enqueueMail(
    db,
    {
      kind: ticketsMailKind,
      organisationId: order.organisationId,
      payload: { orderId: order.id, baseUrl },
    },
    now,
  );
}
