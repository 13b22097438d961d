/**
 * The gate on product orders (decision 0266): while a product's rush needs
 * a pass, the order's transaction spends one, or the order is refused with
 * nothing written. The spend is one conditional UPDATE on the entry: under
 * concurrency PostgreSQL re-checks its WHERE after the row lock, so two
 * orders with one pass cannot both see it unspent.
 */
import { rushNeedsPass } from '@kassa/domain/rules/rush';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rushEntries, rushQueues } from '../../db/schema.ts';
import { rushErrors } from './rush-errors.ts';
import { loadProductRushes, type ProductRush } from './rush-of.ts';
import { storedRushKey, verifyPass } from './rush-tokens.ts';

export interface SpendPassOptions {
  /**
   * The products' rushes as the caller has just read them (the order path
   * reads them with its catalogue); absent, they are read here. A product
   * missing from the map sells under no rush.
   */
  rushes?: ReadonlyMap<number, ProductRush>;
  /** Default true. false reads the entry and then spends it unconditionally: the race test's negative control. */
  guard?: boolean;
  /** Milliseconds to wait between the negative control's read and its write. */
  delayMs?: number;
}

export async function spendRushPass(
  tx: Tx,
  organisationId: number,
  productIds: readonly number[],
  pass: string | null | undefined,
  orderId: number,
  now: Date,
  options: SpendPassOptions = {},
): Promise<void> {
  const known = options.rushes ?? (await loadProductRushes(tx, organisationId, productIds));
  const rushes = [...new Set(productIds)]
    .flatMap((productId) => {
      const rush = known.get(productId);
      return rush ? [rush] : [];
    })
    .filter((rush) => rushNeedsPass(rush.settings, now));
  if (rushes.length === 0) return;
  // A queue turned off at sell-out lets the product sell as usual (its seats decide).
  // Read one after the other: the transaction's one connection takes one query at a time.
  const queues = [];
  for (const rush of rushes) {
    const [queue] = await tx
      .select({ id: rushQueues.id, endedAt: rushQueues.endedAt })
      .from(rushQueues)
      .where(
        and(
          eq(rushQueues.organisationId, organisationId),
          eq(rushQueues.scope, rush.scope),
          eq(rushQueues.opensAt, new Date(rush.settings.opensAt)),
        ),
      );
    queues.push({ rush, queue });
  }
  const gated = queues.filter(({ queue }) => !queue?.endedAt);
  if (gated.length === 0) return;
  if (!pass) throw rushErrors.passRequired();
  const key = await storedRushKey(tx);
  const payload = key ? verifyPass(key, pass) : null;
  // One pass admits to one queue: every gated product must be of the pass's queue.
  if (!payload || gated.some(({ queue }) => queue?.id !== payload.q)) throw rushErrors.passRequired();
  if (payload.x <= now.getTime()) throw rushErrors.passExpired();
  if (options.guard === false) {
    const [entry] = await tx.select().from(rushEntries).where(eq(rushEntries.id, payload.e));
    if (!entry || entry.status !== 'ADMITTED') throw rushErrors.passUsed();
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    await tx.update(rushEntries).set({ status: 'USED', orderId }).where(eq(rushEntries.id, payload.e));
    return;
  }
  const spent = (await tx.execute(sql`
    UPDATE rush_entries SET status = 'USED', order_id = ${orderId}
    WHERE id = ${payload.e} AND queue_id = ${payload.q} AND status = 'ADMITTED'
      AND pass_expires_at > ${now.toISOString()}::timestamptz
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  if (spent.rows.length === 0) {
    const [entry] = await tx
      .select({ status: rushEntries.status })
      .from(rushEntries)
      .where(eq(rushEntries.id, payload.e));
    if (entry?.status === 'ADMITTED') throw rushErrors.passExpired();
    throw rushErrors.passUsed();
  }
}
