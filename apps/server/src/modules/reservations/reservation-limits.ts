import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { reservationErrors } from './reservation-errors.ts';

/** The window of the per-IP budget (RESERVATIONS_PER_IP, default 10: a household or a school office stays well under). */
export const RESERVATION_IP_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The per-IP budget of reservations (decision 0130), counted before
 * anything of the order is written: 429 TOO_MANY_RESERVATIONS over it; a
 * budget of 0 is off.
 */
export async function limitReservationsByIp(db: Db, max: number, ip: string, now: Date): Promise<void> {
  if (max === 0) return;
  const rule: RateLimitRule = { name: 'reserve', max, windowMs: RESERVATION_IP_WINDOW_MS };
  const result = await consumeRateLimit(db, rule, ip, now);
  if (!result.allowed) throw reservationErrors.tooManyReservations();
}

/** At most reservationMaxSeats seats in one reservation (decision 0130): 400 RESERVATION_TOO_LARGE. */
export function checkReservationSize(
  organisation: Pick<Organisation, 'reservationMaxSeats'>,
  seats: number,
): void {
  if (seats > organisation.reservationMaxSeats)
    throw reservationErrors.tooManySeats(organisation.reservationMaxSeats);
}

/**
 * At most reservationsPerEmail unpaid reservations holding for one e-mail
 * address (any case) at once (decision 0130): 429 TOO_MANY_RESERVATIONS.
 * Counted in the booking transaction, the new reservation (orderId) left out.
 */
export async function checkOpenReservations(
  tx: Db | Tx,
  organisation: Pick<Organisation, 'id' | 'reservationsPerEmail'>,
  reservation: { orderId: number; email: string },
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.organisationId, organisation.id),
        eq(orders.status, 'RESERVED'),
        gt(orders.expiresAt, now),
        ne(orders.id, reservation.orderId),
        sql`lower(${orders.customer}->>'email') = lower(${reservation.email.trim()})`,
      ),
    );
  if (Number(row?.open ?? 0) >= organisation.reservationsPerEmail)
    throw reservationErrors.tooManyReservations();
}
