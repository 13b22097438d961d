import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { capacityHolds, plots, products, waitlistEntries } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { activeHold, heldSeats } from '../../engine/booking/active-holds.ts';
import { secretToken } from '../../lib/secrets.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { waitlistOfferMailKind } from './waitlist-offer-mail.ts';

/** How long an offer keeps its places for the visitor when the product names no time (decisions 0252, 0261). */
export const OFFER_HOLD_HOURS = 2;
const HOUR_MS = 60 * 60 * 1000;

/** Test-only switches: the race test's negative control and its window. */
export interface OfferOptions {
  now?: Date;
  /** Default true. false takes no lock, on the plot nor on the entries: the negative control. */
  locks?: boolean;
  /** Milliseconds to wait after counting the free places, before writing the offers. */
  delayAfterCountMs?: number;
}

/** Places of the plot no active hold takes (null: the plot has no capacity limit, or is gone). */
async function freePlaces(
  tx: Tx,
  plotId: number,
  now: Date,
): Promise<{ free: number; offerHours: number } | null> {
  const [plot] = await tx
    .select({ capacity: plots.capacity, offerHours: products.waitlistOfferHours })
    .from(plots)
    .innerJoin(products, eq(products.id, plots.productId))
    .where(eq(plots.id, plotId));
  if (!plot || plot.capacity === null) return null;
  const [held] = await tx
    .select({ seats: heldSeats })
    .from(capacityHolds)
    .where(and(eq(capacityHolds.plotId, plotId), activeHold(now)));
  return { free: Math.max(plot.capacity - (held?.seats ?? 0), 0), offerHours: plot.offerHours };
}

/**
 * Offers the places of a plot that have come free to the waiting list
 * (decision 0252), first come first served: each entry in line whose
 * places fit what is free gets a hold on them for the product's offer
 * hours (catalogue `waitlist.offer_hours`, default OFFER_HOLD_HOURS) and a mail
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
    const places = await freePlaces(tx, plotId, now);
    if (!places?.free) return [];
    let free = places.free;
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
    const expiresAt = new Date(now.getTime() + places.offerHours * HOUR_MS);
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

/** Why an offer link no longer buys anything: a stable code for each (decision 0261). */
function unclaimable(status: string | undefined): AppError {
  if (status === 'CLAIMED')
    return new AppError(409, 'WAITLIST_OFFER_USED', 'These places were already bought with this link');
  if (status === undefined) return notFound('WAITLIST_OFFER_NOT_FOUND', 'No such waiting-list offer');
  return new AppError(409, 'WAITLIST_OFFER_LAPSED', 'The time to buy these places has run out');
}

/** An open offer by its link's token (GET /api/waitlist/offers/{token}); refused as a claim would refuse it. */
export async function openOffer(db: Db, organisationId: number, token: string, now: Date) {
  const [row] = await db
    .select({
      status: waitlistEntries.status,
      expiresAt: waitlistEntries.offerExpiresAt,
      quantity: waitlistEntries.quantity,
      plotId: waitlistEntries.plotId,
      productId: plots.productId,
      date: plots.date,
    })
    .from(waitlistEntries)
    .innerJoin(plots, eq(plots.id, waitlistEntries.plotId))
    .where(and(eq(waitlistEntries.token, token), eq(waitlistEntries.organisationId, organisationId)));
  if (!row) throw unclaimable(undefined);
  if (row.status !== 'OFFERED' || !row.expiresAt || row.expiresAt <= now) throw unclaimable(row.status);
  return {
    productId: row.productId,
    plotId: row.plotId,
    date: row.date,
    quantity: row.quantity,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * A visitor buys the places offered to them (the order carries the offer's
 * token): in the order's transaction, before its seat check, the offer is
 * CLAIMED and its hold released, so the new order takes those places. The
 * order must book the offer's plot. A token that claims nothing is refused
 * with its own code (decision 0261): WAITLIST_OFFER_USED once it bought its
 * places (one use; two orders at once: the second waits on the row and
 * then finds it CLAIMED), WAITLIST_OFFER_LAPSED after its time, and
 * WAITLIST_OFFER_NOT_FOUND; the order then writes nothing.
 */
export async function claimWaitlistOffer(
  tx: Tx,
  token: string,
  order: { orderId: number; plotIds: readonly number[] },
  now: Date,
): Promise<void> {
  const [claimed] = await tx
    .update(waitlistEntries)
    .set({ status: 'CLAIMED', claimedOrderId: order.orderId })
    .where(
      and(
        eq(waitlistEntries.token, token),
        eq(waitlistEntries.status, 'OFFERED'),
        sql`${waitlistEntries.offerExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: waitlistEntries.id, plotId: waitlistEntries.plotId });
  if (!claimed) {
    const [entry] = await tx
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.token, token));
    throw unclaimable(entry?.status);
  }
  if (!order.plotIds.includes(claimed.plotId)) {
    throw new AppError(409, 'WAITLIST_OFFER_OTHER_SLOT', 'This offer holds places on another date or time');
  }
  await tx
    .update(capacityHolds)
    .set({ status: 'RELEASED' })
    .where(and(eq(capacityHolds.waitlistEntryId, claimed.id), eq(capacityHolds.status, 'PENDING')));
}
