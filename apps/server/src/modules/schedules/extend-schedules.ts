import { productScheduleSchema } from '@kassa/domain/contract/catalogue-schedule';
import { planSchedulePlots, scheduleWindow } from '@kassa/domain/rules/schedule-plots';
import { addCalendarDays } from '@kassa/domain/rules/wall-clock';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisations, products, productSchedules } from '../../db/schema.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import { insertPlannedPlots } from './insert-planned-plots.ts';
import { loadScheduleTarget } from './schedule-target.ts';

/** What the window extension did for one product. */
export interface ScheduleExtension {
  productId: number;
  productSlug: string;
  /** The dates planned, when any were: the day after generated_until (or today) to the window's end. */
  from: string | null;
  until: string | null;
  /** Plots inserted (a plot another run inserted first is not counted). */
  added: number;
  /** Why nothing was planned: another run holds the product, or its schedule no longer plans. */
  skipped?: 'BUSY' | 'FAILED';
  error?: string;
}

/**
 * Extends every scheduled product's plots to today + window_days − 1 (today
 * in its organisation's zone), planning only the dates after the last run
 * (`generated_until`) from the stored schedule; existing plots are left as
 * they are (re-applying a schedule is `applyProductSchedule`'s job).
 *
 * Safe with several instances and with the CLI at once: each product is
 * extended in its own transaction that claims its schedule row with
 * `FOR UPDATE SKIP LOCKED` (a product another run holds is skipped: that run
 * extends it), and the unique plot per product, date and start makes an
 * insert that lost a race a no-op. Nothing depends on process memory.
 *
 * @param organisationId only this shop's products (the CLI's); every shop when left out
 */
export async function extendScheduledPlots(
  db: Db,
  now: Date,
  organisationId?: number,
): Promise<ScheduleExtension[]> {
  const candidates = await db
    .select({
      productId: productSchedules.productId,
      productSlug: products.slug,
      timeZone: organisations.timeZone,
    })
    .from(productSchedules)
    .innerJoin(products, eq(products.id, productSchedules.productId))
    .innerJoin(organisations, eq(organisations.id, products.organisationId))
    .where(organisationId === undefined ? undefined : eq(products.organisationId, organisationId))
    .orderBy(asc(productSchedules.productId));
  const extensions: ScheduleExtension[] = [];
  for (const candidate of candidates) {
    const today = zonedNow(now, candidate.timeZone).date;
    try {
      extensions.push(await extendOne(db, candidate.productId, candidate.productSlug, today));
    } catch (error) {
      // One product's broken schedule (an audience deleted since) must not stop the others.
      extensions.push({
        productId: candidate.productId,
        productSlug: candidate.productSlug,
        from: null,
        until: null,
        added: 0,
        skipped: 'FAILED',
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return extensions;
}

async function extendOne(
  db: Db,
  productId: number,
  productSlug: string,
  today: string,
): Promise<ScheduleExtension> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(productSchedules)
      .where(eq(productSchedules.productId, productId))
      .for('update', { skipLocked: true });
    if (!row) return { productId, productSlug, from: null, until: null, added: 0, skipped: 'BUSY' as const };
    const schedule = productScheduleSchema.parse(row.schedule);
    const { until } = scheduleWindow(schedule, today);
    const next = addCalendarDays(row.generatedUntil, 1);
    const from = next > today ? next : today;
    if (from > until) return { productId, productSlug, from: null, until: null, added: 0 };
    const target = await loadScheduleTarget(tx, productId, row.audienceIds);
    const planned = planSchedulePlots(schedule, {
      from,
      until,
      timeZone: target.timeZone,
      audienceKeys: Object.keys(target.audienceIds),
    });
    const added = await insertPlannedPlots(tx, productId, planned, target.audienceIds);
    await tx
      .update(productSchedules)
      .set({ generatedUntil: sql`greatest(${productSchedules.generatedUntil}, ${until}::date)` })
      .where(eq(productSchedules.productId, productId));
    return { productId, productSlug, from, until, added: added.length };
  });
}
