import { and, asc, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plotAudiencePrices, plots } from '../../db/schema.ts';
import { heldSeatsWhere, type PlotHolds } from './held-seats.ts';
import type { PlotWindow } from './plot-window.ts';

export type PlotRow = Pick<
  typeof plots.$inferSelect,
  | 'id'
  | 'date'
  | 'startTime'
  | 'endTime'
  | 'capacity'
  | 'maxOrders'
  | 'priceKind'
  | 'priceCents'
  | 'selectable'
>;

export interface PlotsRead {
  plots: PlotRow[];
  holds: Map<number, PlotHolds>;
  /** Plot audience prices: plot id → audience id → cents. */
  audiencePrices: Map<number, Map<number, number>>;
}

export interface PlotsScope {
  productId: number;
  /** Dated plots in the window (options.days), or the one open plot (date null). */
  hasDays: boolean;
  window: PlotWindow;
  /** A plot of this product served whatever its date (rebooking). */
  rebookPlot?: number;
  direction: 'asc' | 'desc';
}

/** Which plots rows the scope covers. */
function scopeFilter(scope: PlotsScope): SQL {
  if (!scope.hasDays) return and(eq(plots.productId, scope.productId), isNull(plots.date))!;
  const inWindow = and(gte(plots.date, scope.window.from), lte(plots.date, scope.window.until))!;
  return and(
    eq(plots.productId, scope.productId),
    scope.rebookPlot === undefined ? inWindow : or(inWindow, eq(plots.id, scope.rebookPlot)),
  )!;
}

/**
 * The plots a request serves with their active holds and audience prices:
 * three queries, whatever the window, run side by side (they share the scope
 * filter rather than waiting for the plot ids).
 */
export async function loadPlots(db: Db, scope: PlotsScope, now: Date): Promise<PlotsRead> {
  const filter = scopeFilter(scope);
  const byDate = scope.direction === 'desc' ? desc(plots.date) : asc(plots.date);
  const plotsQuery = db
    .select({
      id: plots.id,
      date: plots.date,
      startTime: plots.startTime,
      endTime: plots.endTime,
      capacity: plots.capacity,
      maxOrders: plots.maxOrders,
      priceKind: plots.priceKind,
      priceCents: plots.priceCents,
      selectable: plots.selectable,
    })
    .from(plots)
    .where(filter)
    // Within a day slots read in time order, whichever way the dates run.
    .orderBy(byDate, sql`${plots.startTime} asc nulls first`, asc(plots.id));
  const [rows, holds, prices] = await Promise.all([
    scope.hasDays ? plotsQuery : plotsQuery.limit(1),
    heldSeatsWhere(db, filter, now),
    db
      .select({
        plotId: plotAudiencePrices.plotId,
        audienceId: plotAudiencePrices.audienceId,
        priceCents: plotAudiencePrices.priceCents,
      })
      .from(plotAudiencePrices)
      .innerJoin(plots, eq(plots.id, plotAudiencePrices.plotId))
      .where(filter),
  ]);
  const audiencePrices = new Map<number, Map<number, number>>();
  for (const price of prices) {
    let forPlot = audiencePrices.get(price.plotId);
    if (!forPlot) audiencePrices.set(price.plotId, (forPlot = new Map()));
    forPlot.set(price.audienceId, price.priceCents);
  }
  return { plots: rows, holds, audiencePrices };
}
