import { productScheduleSchema, type ProductSchedule } from '@kassa/domain/contract/catalogue-schedule';
import {
  planSchedulePlots,
  scheduleProblems,
  scheduleWindow,
  type PlannedPlot,
} from '@kassa/domain/rules/schedule-plots';
import { isCalendarDate } from '@kassa/domain/rules/wall-clock';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { plotAudiencePrices, plots, productSchedules } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { insertPlannedPlots, slotKey } from './insert-planned-plots.ts';
import { holdingOrderReferences, lockFuturePlots, type FuturePlot } from './lock-future-plots.ts';
import { loadScheduleTarget } from './schedule-target.ts';

/** A plot by its place in the product's calendar. */
export interface SchedulePlotRef {
  date: string;
  /** HH:MM, or null for an all-day plot. */
  start: string | null;
}

/**
 * A change the schedule asks for that would take seats away, so nothing is
 * written: removing a plot with active holds (`SEATS_HELD`), or lowering its
 * capacity or max_orders below what active holds take.
 */
export interface ScheduleRefusal extends SchedulePlotRef {
  code: 'SEATS_HELD' | 'CAPACITY_BELOW_HELD' | 'MAX_ORDERS_BELOW_HELD';
  seatsHeld: number;
  ordersHolding: number;
  /** The capacity or max_orders the schedule asks for; null when it removes the plot. */
  wanted: number | null;
  /** References of the orders holding seats, for staff to move or refund. */
  orderReferences: string[];
}

/** What applying a schedule did (or, with `applied` false, would do and why it did not). */
export interface ApplyScheduleResult {
  productId: number;
  /** The dates kept generated: today to today + window_days − 1. */
  window: { from: string; until: string };
  /** False when `refused` is not empty, or on a dry run: then nothing was written. */
  applied: boolean;
  added: SchedulePlotRef[];
  /** Existing plots whose end, capacity, max_orders, prices or selectability change; `fields` names them. */
  updated: (SchedulePlotRef & { fields: string[] })[];
  /** Plots the schedule no longer makes, deleted (no order ever named them). */
  removed: SchedulePlotRef[];
  /** Plots the schedule no longer makes that past (expired, cancelled) orders name: kept, made unselectable. */
  retired: SchedulePlotRef[];
  refused: ScheduleRefusal[];
}

export interface ApplyScheduleOptions {
  /**
   * Audience key → the product's audience id, for AUDIENCE prices. Defaults
   * to the map stored with the product's schedule (none on a first apply).
   */
  audienceIds?: Readonly<Record<string, number>>;
  /** Plan and report, write nothing. */
  dryRun?: boolean;
  /** The instant active holds are counted at (decision 0002). */
  now?: Date;
}

function ref(plot: { date: string; start: string | null }): SchedulePlotRef {
  return { date: plot.date, start: plot.start };
}

/** The fields of `existing` the plan changes; audience prices compared by id. */
function changedFields(
  existing: FuturePlot,
  plan: PlannedPlot,
  audienceIds: Readonly<Record<string, number>>,
) {
  const fields: string[] = [];
  if (existing.end !== plan.end) fields.push('end');
  if (existing.capacity !== plan.capacity) fields.push('capacity');
  if (existing.maxOrders !== plan.maxOrders) fields.push('max_orders');
  if (existing.priceKind !== plan.priceKind) fields.push('price_kind');
  if (existing.priceCents !== plan.priceCents) fields.push('price');
  if (existing.selectable !== plan.selectable) fields.push('selectable');
  const wanted = Object.entries(plan.audiencePrices);
  const same =
    wanted.length === existing.audiencePrices.size &&
    wanted.every(([key, cents]) => existing.audiencePrices.get(audienceIds[key]!) === cents);
  if (!same) fields.push('audience_prices');
  return fields;
}

function refusalOf(
  existing: FuturePlot,
  plan: PlannedPlot | undefined,
): Omit<ScheduleRefusal, 'orderReferences'> | null {
  const base = { ...ref(existing), seatsHeld: existing.held.seats, ordersHolding: existing.held.orders };
  if (!plan) return existing.held.orders > 0 ? { ...base, code: 'SEATS_HELD', wanted: null } : null;
  if (plan.capacity !== null && plan.capacity !== existing.capacity && plan.capacity < existing.held.seats) {
    return { ...base, code: 'CAPACITY_BELOW_HELD', wanted: plan.capacity };
  }
  if (
    plan.maxOrders !== null &&
    plan.maxOrders !== existing.maxOrders &&
    plan.maxOrders < existing.held.orders
  ) {
    return { ...base, code: 'MAX_ORDERS_BELOW_HELD', wanted: plan.maxOrders };
  }
  return null;
}

/**
 * Stores a product's opening schedule and reconciles its plots from `today`
 * to the end of the window: adds the plots it plans that are missing,
 * updates end, capacity, max_orders, prices and selectability of those that
 * differ, deletes the ones it no longer plans, and stores the schedule for
 * the daily window extension. Plots before `today` and open plots (no date)
 * are never touched. Applying the same schedule again changes nothing.
 *
 * Seats are never taken away (decision 0002): the product's future plots are
 * locked as a booking locks them, and if the schedule would remove a plot
 * with active holds, or lower a capacity or max_orders below them, the
 * result lists each in `refused` with the orders' references and NOTHING is
 * written (`applied` false). A plot only past orders name is kept and made
 * unselectable (`retired`) instead of deleted.
 *
 * Run it inside the caller's transaction (the catalogue import's).
 *
 * @param today YYYY-MM-DD, today in the organisation's time zone (`zonedNow`)
 * @throws AppError INVALID_SCHEDULE (400) when `scheduleProblems` finds any, or
 *   PRODUCT_NOT_FOUND (404)
 */
export async function applyProductSchedule(
  tx: Tx,
  productId: number,
  schedule: ProductSchedule,
  today: string,
  options: ApplyScheduleOptions = {},
): Promise<ApplyScheduleResult> {
  if (!isCalendarDate(today)) throw new RangeError(`today is not a date: ${today}`);
  const parsed = productScheduleSchema.parse(schedule);
  const now = options.now ?? new Date();
  // Serialises with the window extension (which skips a locked row) and with another apply.
  const [stored] = await tx
    .select({ audienceIds: productSchedules.audienceIds })
    .from(productSchedules)
    .where(eq(productSchedules.productId, productId))
    .for('update');
  const target = await loadScheduleTarget(tx, productId, options.audienceIds ?? stored?.audienceIds ?? {});
  const problems = scheduleProblems(parsed, Object.keys(target.audienceIds));
  if (problems.length > 0) {
    throw badRequest(
      'INVALID_SCHEDULE',
      problems.map((problem) => `${problem.path.join('.')}: ${problem.message}`).join('; '),
    );
  }

  const window = scheduleWindow(parsed, today);
  const existing = await lockFuturePlots(tx, productId, today, now);
  const lastExisting = existing.reduce((last, plot) => (plot.date > last ? plot.date : last), window.until);
  // Plan as far as existing plots reach, so a plot past the window that the
  // schedule still makes is kept; only the window itself gets new plots.
  const planned = planSchedulePlots(parsed, {
    from: today,
    until: lastExisting,
    timeZone: target.timeZone,
    audienceKeys: Object.keys(target.audienceIds),
  });
  const planByKey = new Map(planned.map((plan) => [slotKey(plan.date, plan.start), plan]));
  const existingKeys = new Set(existing.map((plot) => slotKey(plot.date, plot.start)));

  const result: ApplyScheduleResult = {
    productId,
    window,
    applied: false,
    added: [],
    updated: [],
    removed: [],
    retired: [],
    refused: [],
  };
  const toAdd = planned.filter(
    (plan) => plan.date <= window.until && !existingKeys.has(slotKey(plan.date, plan.start)),
  );
  result.added = toAdd.map(ref);
  const toUpdate: { plot: FuturePlot; plan: PlannedPlot }[] = [];
  const toDelete: FuturePlot[] = [];
  const toRetire: FuturePlot[] = [];
  const refusals: Omit<ScheduleRefusal, 'orderReferences'>[] = [];
  const refusedIds: number[] = [];
  for (const plot of existing) {
    const plan = planByKey.get(slotKey(plot.date, plot.start));
    const refusal = refusalOf(plot, plan);
    if (refusal) {
      refusals.push(refusal);
      refusedIds.push(plot.id);
    } else if (plan) {
      const fields = changedFields(plot, plan, target.audienceIds);
      if (fields.length > 0) {
        toUpdate.push({ plot, plan });
        result.updated.push({ ...ref(plot), fields });
      }
    } else if (!plot.inOrders) {
      toDelete.push(plot);
      result.removed.push(ref(plot));
    } else if (plot.selectable) {
      toRetire.push(plot);
      result.retired.push(ref(plot));
    }
  }
  if (refusals.length > 0) {
    const references = await holdingOrderReferences(tx, refusedIds, now);
    result.refused = refusals.map((refusal, i) => ({
      ...refusal,
      orderReferences: references.get(refusedIds[i]!) ?? [],
    }));
  }
  if (result.refused.length > 0 || options.dryRun) return result;

  await insertPlannedPlots(tx, productId, toAdd, target.audienceIds);
  for (const { plot, plan } of toUpdate) {
    await tx
      .update(plots)
      .set({
        endTime: plan.end,
        capacity: plan.capacity,
        maxOrders: plan.maxOrders,
        priceKind: plan.priceKind,
        priceCents: plan.priceCents,
        selectable: plan.selectable,
      })
      .where(eq(plots.id, plot.id));
    await tx.delete(plotAudiencePrices).where(eq(plotAudiencePrices.plotId, plot.id));
    const prices = Object.entries(plan.audiencePrices).map(([key, priceCents]) => ({
      plotId: plot.id,
      audienceId: target.audienceIds[key]!,
      priceCents,
    }));
    if (prices.length > 0) await tx.insert(plotAudiencePrices).values(prices);
  }
  if (toDelete.length > 0)
    await tx.delete(plots).where(
      inArray(
        plots.id,
        toDelete.map((plot) => plot.id),
      ),
    );
  if (toRetire.length > 0) {
    await tx
      .update(plots)
      .set({ selectable: false })
      .where(
        inArray(
          plots.id,
          toRetire.map((plot) => plot.id),
        ),
      );
  }
  await storeSchedule(tx, productId, parsed, target.audienceIds, window.until, now);
  result.applied = true;
  return result;
}

/** Upserts the schedule row; an unchanged schedule keeps its updated_at. */
async function storeSchedule(
  tx: Tx,
  productId: number,
  schedule: ProductSchedule,
  audienceIds: Readonly<Record<string, number>>,
  generatedUntil: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(productSchedules)
    .values({ productId, schedule, audienceIds: { ...audienceIds }, generatedUntil, updatedAt: now })
    .onConflictDoUpdate({
      target: productSchedules.productId,
      set: {
        schedule: sql`excluded.schedule`,
        audienceIds: sql`excluded.audience_ids`,
        generatedUntil: sql`excluded.generated_until`,
        updatedAt: sql`CASE WHEN ${productSchedules.schedule} = excluded.schedule AND ${productSchedules.audienceIds} = excluded.audience_ids THEN ${productSchedules.updatedAt} ELSE excluded.updated_at END`,
      },
    });
}
