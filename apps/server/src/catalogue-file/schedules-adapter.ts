import type { ProductSchedule } from '@kassa/domain/contract/catalogue-schedule';
import type { Tx } from '../db/client.ts';

/**
 * The one place where the catalogue file meets opening schedules (issue #16).
 * The `product_schedules` table and the generator that turns a schedule into
 * plots (`applyProductSchedule(tx, productId, schedule, today)`) are built in
 * the wave2-schedules branch; until both branches are merged these functions
 * store nothing, so `schedule:` is validated but neither written nor exported.
 * Merging wires exactly three things here: SCHEDULES_STORED = true,
 * readSchedules selects from product_schedules, writeSchedule calls
 * applyProductSchedule (which owns plot generation and its own refusals).
 */
export const SCHEDULES_STORED = false;

/** The stored schedule of each product (by product id). */
export async function readSchedules(
  _tx: Tx,
  _productIds: readonly number[],
): Promise<Map<number, ProductSchedule>> {
  return new Map();
}

/**
 * Stores a product's schedule and brings its plots in line with it, refusing
 * (by throwing) a change that would take sold seats or plots with tickets
 * away. null: the file gives the product no schedule; its stored schedule is
 * removed and its plots are left as they are.
 */
export async function writeSchedule(
  _tx: Tx,
  _productId: number,
  _schedule: ProductSchedule | null,
  _today: string,
): Promise<void> {}
