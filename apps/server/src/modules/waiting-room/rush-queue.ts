/**
 * The waiting room's state in PostgreSQL (decisions 0265, 0266), so any
 * number of instances share one queue: joining takes the queue's row lock
 * and a rank; a tick (at most one per second, by whichever instance gets the
 * row first) admits the next ranks and gives them their pass's expiry.
 */
import { capacityAdmissions, rateAdmissions, rushPhase } from '@kassa/domain/rules/rush';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { capacityHolds, organisations, plots, products, rushEntries, rushQueues } from '../../db/schema.ts';
import { activeHold } from '../../engine/booking/active-holds.ts';
import { rushErrors } from './rush-errors.ts';
import type { ProductRush } from './rush-of.ts';

export type QueueRow = typeof rushQueues.$inferSelect;

/** Ticks closer together than this leave the queue as it is. */
export const TICK_MS = 1000;

function queueKey(organisationId: number, rush: ProductRush) {
  return and(
    eq(rushQueues.organisationId, organisationId),
    eq(rushQueues.scope, rush.scope),
    eq(rushQueues.opensAt, new Date(rush.settings.opensAt)),
  )!;
}

/** The queue's row, or none while nobody queued. */
export async function findQueue(
  db: Db | Tx,
  organisationId: number,
  rush: ProductRush,
): Promise<QueueRow | null> {
  const [row] = await db.select().from(rushQueues).where(queueKey(organisationId, rush)).limit(1);
  return row ?? null;
}

/** The queue's row, made when missing, locked for this transaction. */
async function lockedQueue(tx: Tx, organisationId: number, rush: ProductRush): Promise<QueueRow> {
  await tx
    .insert(rushQueues)
    .values({
      organisationId,
      scope: rush.scope,
      productId: rush.scope === 'shop' ? null : rush.productId,
      opensAt: new Date(rush.settings.opensAt),
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(rushQueues).where(queueKey(organisationId, rush)).for('update');
  return row!;
}

/**
 * At the opening: the pre-queue in the order of its entries' random draw
 * keys, ranked before everyone who comes later (decision 0265).
 */
async function rankPreQueue(tx: Tx, queue: QueueRow): Promise<QueueRow> {
  const ranked = (await tx.execute(sql`
    WITH drawn AS (
      SELECT id, row_number() OVER (ORDER BY draw_key, id) AS n
      FROM rush_entries WHERE queue_id = ${queue.id} AND pre_queue AND rank IS NULL
    )
    UPDATE rush_entries SET rank = ${queue.nextRank - 1} + drawn.n
    FROM drawn WHERE rush_entries.id = drawn.id
    RETURNING rush_entries.id`)) as unknown as { rows: { id: number }[] };
  const [row] = await tx
    .update(rushQueues)
    .set({ preQueueRanked: true, nextRank: queue.nextRank + ranked.rows.length })
    .where(eq(rushQueues.id, queue.id))
    .returning();
  return row!;
}

export interface JoinedEntry {
  entryId: number;
  queueId: number;
  /** Known at once after the opening; the pre-queue's ranks are drawn at the opening. */
  rank: number | null;
}

/** A visitor takes a place: in the pre-queue before the opening, at the back after it. */
export async function joinQueue(
  db: Db,
  organisationId: number,
  rush: ProductRush,
  now: Date,
): Promise<JoinedEntry> {
  const phase = rushPhase(rush.settings, now);
  if (phase === 'BEFORE') throw rushErrors.notOpenYet();
  if (phase === 'OVER') throw rushErrors.over();
  return db.transaction(async (tx) => {
    let queue = await lockedQueue(tx, organisationId, rush);
    if (queue.endedAt) throw rushErrors.over();
    const open = phase === 'OPEN';
    if (open && !queue.preQueueRanked) queue = await rankPreQueue(tx, queue);
    const rank = open ? queue.nextRank : null;
    const [entry] = await tx
      .insert(rushEntries)
      .values({ queueId: queue.id, preQueue: !open, drawKey: randomBytes(16).toString('hex'), rank })
      .returning({ id: rushEntries.id });
    if (open)
      await tx
        .update(rushQueues)
        .set({ nextRank: queue.nextRank + 1 })
        .where(eq(rushQueues.id, queue.id));
    return { entryId: entry!.id, queueId: queue.id, rank };
  });
}

/**
 * Free places of the product's plots still on sale: capacity minus active
 * holds, summed; null when a plot (or the product) has no limit.
 */
export async function freePlaces(tx: Db | Tx, productId: number, now: Date): Promise<number | null> {
  const [product] = await tx
    .select({ capacityType: products.capacityType, timeZone: organisations.timeZone })
    .from(products)
    .innerJoin(organisations, eq(organisations.id, products.organisationId))
    .where(eq(products.id, productId));
  if (!product || product.capacityType === 'NONE') return null;
  const result = (await tx.execute(sql`
    SELECT bool_or(p.capacity IS NULL) AS unlimited,
           coalesce(sum(greatest(p.capacity - coalesce(h.held, 0), 0)), 0)::int AS free
    FROM ${plots} p
    LEFT JOIN (
      SELECT ${capacityHolds.plotId} AS plot_id, sum(${capacityHolds.quantity}) AS held
      FROM ${capacityHolds} WHERE ${activeHold(now)} GROUP BY ${capacityHolds.plotId}
    ) h ON h.plot_id = p.id
    WHERE p.product_id = ${productId} AND p.closed_at IS NULL AND p.selectable
      AND (p.date IS NULL OR p.date >= (${now.toISOString()}::timestamptz AT TIME ZONE ${product.timeZone})::date)`)) as unknown as {
    rows: { unlimited: boolean | null; free: number | string }[];
  };
  const row = result.rows[0];
  if (!row || row.unlimited) return null;
  return Number(row.free);
}

export interface TickOptions {
  /** Ticks closer together than this do nothing; tests and the bench set 0. */
  minIntervalMs?: number;
}

/**
 * One admission step (decision 0266). The queue's row is taken FOR UPDATE
 * SKIP LOCKED: when another instance is ticking, this one leaves it. At the
 * set rate, the time since the last tick times the rate (with the carried
 * fraction); as capacity frees, the free places not promised to a valid,
 * unused pass. The rush turns itself off when the product has sold out.
 * Answers the queue after the tick (or as another instance left it).
 */
export async function tickQueue(
  db: Db,
  queueId: number,
  rush: ProductRush,
  now: Date,
  options: TickOptions = {},
): Promise<void> {
  const minInterval = options.minIntervalMs ?? TICK_MS;
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(rushQueues)
      .where(eq(rushQueues.id, queueId))
      .for('update', { skipLocked: true });
    if (!locked || locked.endedAt) return;
    let queue = locked;
    if (queue.tickedAt && now.getTime() - queue.tickedAt.getTime() < minInterval) return;
    if (rushPhase(rush.settings, now) !== 'OPEN') {
      await tx.update(rushQueues).set({ tickedAt: now }).where(eq(rushQueues.id, queue.id));
      return;
    }
    if (!queue.preQueueRanked) queue = await rankPreQueue(tx, queue);
    const free = rush.scope === 'shop' ? null : await freePlaces(tx, rush.productId, now);
    if (free === 0) {
      await tx
        .update(rushQueues)
        .set({ endedAt: now, endedReason: 'SOLD_OUT', tickedAt: now })
        .where(eq(rushQueues.id, queue.id));
      return;
    }
    const waiting = queue.nextRank - 1 - queue.admittedThrough;
    let admit: number;
    let carry = 0;
    const rate = rush.settings.admitPerMinute;
    if (rate !== null) {
      const since = Math.max(queue.tickedAt?.getTime() ?? 0, new Date(rush.settings.opensAt).getTime());
      ({ admit, carry } = rateAdmissions(rate, now.getTime() - since, queue.credit, waiting));
    } else {
      const [outstanding] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(rushEntries)
        .where(
          and(
            eq(rushEntries.queueId, queue.id),
            eq(rushEntries.status, 'ADMITTED'),
            gt(rushEntries.passExpiresAt, now),
          ),
        );
      admit = capacityAdmissions(free, outstanding?.n ?? 0, waiting);
    }
    if (admit > 0) {
      const expires = new Date(now.getTime() + rush.settings.passMinutes * 60_000);
      await tx.execute(sql`
        UPDATE rush_entries SET status = 'ADMITTED', admitted_at = ${now.toISOString()}::timestamptz,
          pass_expires_at = ${expires.toISOString()}::timestamptz
        WHERE queue_id = ${queue.id} AND status = 'WAITING'
          AND rank > ${queue.admittedThrough} AND rank <= ${queue.admittedThrough + admit}`);
    }
    await tx
      .update(rushQueues)
      .set({ admittedThrough: queue.admittedThrough + admit, credit: carry, tickedAt: now })
      .where(eq(rushQueues.id, queue.id));
  });
}
