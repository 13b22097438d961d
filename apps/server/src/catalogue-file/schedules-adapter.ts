import { productScheduleSchema, type ProductSchedule } from '@kassa/domain/contract/catalogue-schedule';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { audiences, productSchedules } from '../db/schema.ts';
import { applyProductSchedule, type ApplyScheduleResult } from '../modules/schedules/apply-schedule.ts';

/**
 * The one place where the catalogue file meets opening schedules (decision 0165):
 * the schedule stored per product (product_schedules) and the generator that
 * brings a product's plots in line with it (modules/schedules).
 */

/** The stored schedule of each product (by product id), as the file writes it. */
export async function readSchedules(
  tx: Tx,
  productIds: readonly number[],
): Promise<Map<number, ProductSchedule>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ productId: productSchedules.productId, schedule: productSchedules.schedule })
    .from(productSchedules)
    .where(inArray(productSchedules.productId, [...productIds]));
  // Parsed again: a row outlives a deploy that adds a default.
  return new Map(rows.map((row) => [row.productId, productScheduleSchema.parse(row.schedule)]));
}

/**
 * Stores a product's schedule and brings its plots in line with it; on a dry
 * run only plans. Answers what changed (or would), with `refused` listing
 * the plots whose held seats the schedule would take: then nothing of it was
 * written, and the caller refuses the whole import. Audience keys are the
 * product's own (audiences.key), just written by the import.
 *
 * null: the file gives the product no schedule; its stored schedule is
 * removed (the window is no longer extended) and its plots are left as they
 * are, since they may have tickets.
 */
export async function writeSchedule(
  tx: Tx,
  productId: number,
  schedule: ProductSchedule | null,
  today: string,
  options: { dryRun: boolean; now: Date },
): Promise<ApplyScheduleResult | null> {
  if (schedule === null) {
    if (!options.dryRun) await tx.delete(productSchedules).where(eq(productSchedules.productId, productId));
    return null;
  }
  const own = await tx
    .select({ id: audiences.id, key: audiences.key })
    .from(audiences)
    .where(eq(audiences.productId, productId));
  const audienceIds = Object.fromEntries(own.map((a) => [a.key ?? `audience-${a.id}`, a.id]));
  return applyProductSchedule(tx, productId, schedule, today, {
    audienceIds,
    dryRun: options.dryRun,
    now: options.now,
  });
}
