import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

/**
 * The shop's limits on one new reservation (decision 0130): at most
 * reservationMaxSeats seats in it, and at most reservationsPerEmail unpaid
 * reservations holding for its e-mail address (any case) at once.
 */
export async function checkReservationLimits(
  db: Db,
  organisation: Pick<Organisation, 'id' | 'reservationMaxSeats' | 'reservationsPerEmail'>,
  reservation: { email: string; seats: number },
  now: Date,
): Promise<void> {
  if (reservation.seats > organisation.reservationMaxSeats) {
    throw reservationErrors.tooManySeats(organisation.reservationMaxSeats);
  }
  const [row] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.organisationId, organisation.id),
        eq(orders.status, 'RESERVED'),
        gt(orders.expiresAt, now),
        sql`lower(${orders.customer}->>'email') = lower(${reservation.email})`,
      ),
    );
  if (Number(row?.open ?? 0) >= organisation.reservationsPerEmail)
    throw reservationErrors.tooManyReservations();
}
