import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { capacityHolds, plots, waitlistEntries } from '../../db/schema.ts';
import { activeHold, heldSeats } from '../../engine/booking/active-holds.ts';
import { secretToken } from '../../lib/secrets.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { waitlistOfferMailKind } from './waitlist-offer-mail.ts';

/** How long an offer keeps its places for the visitor (decision 0252). */
export const OFFER_HOLD_MS = 2 * 60 * 60 * 1000;

/** Test-only switches: the race test's negative control and its window. */
export interface OfferOptions {
  now?: Date;
  /** Default true. false takes no lock, on the plot nor on the entries: the negative control. */
  locks?: boolean;
  /** Milliseconds to wait after counting the free places, before writing the offers. */
  delayAfterCountMs?: number;
}

/** Places of the plot no active hold takes (null: the plot has no capacity limit, or is gone). */
async function freePlaces(tx: Tx, plotId: number, now: Date): Promise<number | null> {
  const [plot] = await tx.select({ capacity: plots.capacity }).from(plots).where(eq(plots.id, plotId));
  if (!plot || plot.capacity === null) return null;
  const [held] = await tx
    .select({ seats: heldSeats })
    .from(capacityHolds)
    .where(and(eq(capacityHolds.plotId, plotId), activeHold(now)));
  return Math.max(plot.capacity - (held?.seats ?? 0), 0);
}

/**
 * Offers the places of a plot that have come free to the waiting list
 * (decision 0252), first come first served: each entry in line whose
 * places fit what is free gets a hold on them for OFFER_HOLD_MS and a mail
 * with a link to buy them; an entry asking more than is free waits on,
 * and those behind it who fit are offered. Called after places come free
 * (an unpaid order expired, an offer lapsed, a cancellation, more capacity).
 *
 * Never twice the same places, with any number of server instances: the
 * plot's row is locked as a booking's seat check locks it, so counting the
 * free places and writing the offers' holds is one step for everyone who
 * takes places on the plot; entries are claimed FOR UPDATE SKIP LOCKED.
 * Answers the ids of the entries offered.
 */
export async function offerFreedPlaces(
  db: Db,
  plotId: number,
  options: OfferOptions = {},
): Promise<number[]> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    if (options.locks !== false) {
      await tx.execute(sql`SELECT id FROM plots WHERE id = ${plotId} FOR NO KEY UPDATE`);
    }
    let free = await freePlaces(tx, plotId, now);
    if (!free) return [];
    if (options.delayAfterCountMs) await sleep(options.delayAfterCountMs);
    const query = tx
      .select({
        id: waitlistEntries.id,
        quantity: waitlistEntries.quantity,
        organisationId: waitlistEntries.organisationId,
      })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.plotId, plotId), eq(waitlistEntries.status, 'WAITING')))
      .orderBy(asc(waitlistEntries.id));
    const waiting = options.locks === false ? await query : await query.for('update', { skipLocked: true });
    const offered: number[] = [];
    const expiresAt = new Date(now.getTime() + OFFER_HOLD_MS);
    for (const entry of waiting) {
      if (free === 0) break;
      if (entry.quantity > free) continue;
      await tx
        .update(waitlistEntries)
        .set({ status: 'OFFERED', token: secretToken(), offeredAt: now, offerExpiresAt: expiresAt })
        .where(eq(waitlistEntries.id, entry.id));
      await tx.insert(capacityHolds).values({
        waitlistEntryId: entry.id,
        plotId,
        quantity: entry.quantity,
        status: 'PENDING',
        expiresAt,
      });
      await enqueueMail(
        tx,
        {
          kind: waitlistOfferMailKind,
          payload: { entryId: entry.id },
          organisationId: entry.organisationId,
          dedupeKey: `waitlist-offer-${entry.id}`,
        },
        now,
      );
      free -= entry.quantity;
      offered.push(entry.id);
    }
    return offered;
  });
}

/**
 * Offers whose time ran out become LAPSED and their places go to the next
 * in line (the hold stopped counting at offer_expires_at already). One
 * statement with SKIP LOCKED: instances never lapse one offer twice, and an
 * offer being claimed right now is left to its claim. Answers the plots
 * that got places back.
 */
export async function lapseExpiredOffers(db: Db, now: Date): Promise<number[]> {
  const lapsed = await db.execute(sql`
    WITH due AS (
      SELECT id FROM waitlist_entries
      WHERE status = 'OFFERED' AND offer_expires_at <= ${now.toISOString()}::timestamptz
      FOR UPDATE SKIP LOCKED
    ), lapsed AS (
      UPDATE waitlist_entries SET status = 'LAPSED' FROM due WHERE waitlist_entries.id = due.id
      RETURNING waitlist_entries.id, waitlist_entries.plot_id
    ), released AS (
      UPDATE capacity_holds SET status = 'RELEASED' FROM lapsed
      WHERE capacity_holds.waitlist_entry_id = lapsed.id AND capacity_holds.status = 'PENDING'
      RETURNING capacity_holds.id
    )
    SELECT DISTINCT plot_id FROM lapsed
  `);
  const rows = (lapsed as unknown as { rows: { plot_id: number }[] }).rows;
  return rows.map((row) => Number(row.plot_id));
}

/**
 * What runs after each expiry sweep (registered in wiring/): offers that
 * lapsed pass on, and places freed by expired orders are offered.
 */
export async function offerAfterSweep(db: Db, freedPlotIds: readonly number[], now: Date): Promise<void> {
  const plotIds = new Set([...freedPlotIds, ...(await lapseExpiredOffers(db, now))]);
  for (const plotId of [...plotIds].sort((a, b) => a - b)) await offerFreedPlaces(db, plotId, { now });
}

/**
 * A visitor buys the places offered to them (the order carries the offer's
 * token): in the order's transaction, before its seat check, the offer is
 * CLAIMED and its hold released, so the new order takes those places. An
 * unknown, lapsed or already claimed token claims nothing; the seat check
 * then decides as for anyone.
 */
export async function claimWaitlistOffer(
  tx: Tx,
  token: string,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const [claimed] = await tx
    .update(waitlistEntries)
    .set({ status: 'CLAIMED', claimedOrderId: orderId })
    .where(
      and(
        eq(waitlistEntries.token, token),
        eq(waitlistEntries.status, 'OFFERED'),
        sql`${waitlistEntries.offerExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: waitlistEntries.id });
  if (!claimed) return false;
  await tx
    .update(capacityHolds)
    .set({ status: 'RELEASED' })
    .where(and(eq(capacityHolds.waitlistEntryId, claimed.id), eq(capacityHolds.status, 'PENDING')));
  return true;
}
