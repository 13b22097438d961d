import { ticketTiming } from '@kassa/domain/rules/admission';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admissions, orderLines, orders, plots, tickets } from '../../db/schema.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import {
  insertAdmission,
  outcome,
  settleOfflineConflict,
  standingAdmissionOf,
  type ScanInput,
  type ScanOutcome,
} from './scan-outcome.ts';
import { shortTime } from './ticket-details.ts';

/** Where a rebooked order went: the slot of the paid order that replaced it (following a chain of rebookings). */
async function rebookedSlot(tx: Tx, orderId: number) {
  let current = orderId;
  for (let hop = 0; hop < 10; hop += 1) {
    const [next] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        date: plots.date,
        start: plots.startTime,
        end: plots.endTime,
      })
      .from(orders)
      .innerJoin(orderLines, and(eq(orderLines.orderId, orders.id), eq(orderLines.kind, 'PRODUCT')))
      .leftJoin(plots, eq(plots.id, orderLines.plotId))
      .where(eq(orders.rebookOfOrderId, current))
      .orderBy(desc(orders.id))
      .limit(1);
    if (!next) return null;
    if (next.status !== 'REBOOKED')
      return { date: next.date, start: shortTime(next.start), end: shortTime(next.end) };
    current = next.id;
  }
  return null;
}

/**
 * Scans a ticket: admits it once (decision 0091). The order row is read
 * FOR SHARE, so a refund or rebooking committing meanwhile is seen, and the
 * admission insert is the guard: its partial unique index lets exactly one
 * of any number of concurrent scans in; the others read the winner and
 * answer ALREADY_USED. A ticket cancelled by staff answers CANCELLED: the
 * cancellation takes the order FOR UPDATE, so it and a scan run one after
 * the other. Null when the code is no ticket of this shop.
 */
export async function scanTicket(db: Db, input: ScanInput): Promise<ScanOutcome | null> {
  const [ticket] = await db
    .select({
      id: tickets.id,
      orderId: tickets.orderId,
      date: plots.date,
      start: plots.startTime,
      end: plots.endTime,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .leftJoin(plots, eq(plots.id, orderLines.plotId))
    .where(and(eq(tickets.secret, input.code), eq(orders.organisationId, input.ctx.organisation.id)))
    .limit(1);
  if (!ticket) return null;
  const at = input.offlineAt ?? input.now;
  const clock = zonedNow(at, input.ctx.organisation.timeZone);
  const ticketId = ticket.id;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, ticket.orderId))
      .for('share');
    if (order?.status === 'REBOOKED') {
      return outcome('REBOOKED', { ticketId, rebookedTo: await rebookedSlot(tx, ticket.orderId) });
    }
    // Read after the order's lock: a cancellation committed meanwhile is seen (decision 0236).
    const [standing] = await tx
      .select({ cancelledAt: tickets.cancelledAt })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    if (standing?.cancelledAt) return outcome('CANCELLED', { ticketId });
    if (order?.status !== 'PAID') return outcome('REFUNDED', { ticketId });
    const row = { ticketId, day: clock.date };
    const earlier = await standingAdmissionOf(tx, eq(admissions.ticketId, ticketId));
    if (earlier) return settleOfflineConflict(tx, input, earlier, row);
    const timing = ticketTiming({ date: ticket.date, start: ticket.start, end: ticket.end }, clock);
    if (timing !== 'OK') return outcome(timing, { ticketId });
    const admission = await insertAdmission(tx, input, row);
    if (admission !== null) return outcome('VALID', { ticketId, admissionId: admission });
    // A concurrent scan won: its admission is committed and visible to this new statement.
    const winner = await standingAdmissionOf(tx, eq(admissions.ticketId, ticketId));
    return winner ? settleOfflineConflict(tx, input, winner, row) : outcome('ALREADY_USED', { ticketId });
  });
}
