import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plotAudiencePrices, plots, type PlotPriceKind } from '../../db/schema.ts';
import { activeHoldsOfPlot, type PlotHolds } from './held-seats.ts';
import type { PlotWindow } from './plot-window.ts';

/** One plot as the plots answer needs it, with its active holds and audience prices. */
export interface LoadedPlot {
  id: number;
  date: string | null;
  /** 'HH:MM:SS' */
  startTime: string | null;
  endTime: string | null;
  capacity: number | null;
  maxOrders: number | null;
  priceKind: PlotPriceKind | null;
  priceCents: number | null;
  selectable: boolean;
  /** Why a manager closed the plot (decision 0238); null while open. */
  closedReason: string | null;
  holds: PlotHolds;
  /** Plot audience prices by audience id. */
  audiencePrices: Map<number, number>;
}

export interface PlotsScope {
  productId: number;
  /** Dated plots in the window (options.days), or the one open plot (date null). */
  hasDays: boolean;
  window: PlotWindow;
  /** A plot of this product served whatever its date (rebooking). */
  rebookPlot?: number;
  /** The waiting-list entry whose offer hold counts as free (the visitor's own offer, decision 0261). */
  ownOfferEntryId?: number;
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

/** The tuple each plot travels as, in the order json_build_array lists it below. */
type PlotTuple = [
  id: number,
  date: string | null,
  startTime: string | null,
  endTime: string | null,
  capacity: number | null,
  maxOrders: number | null,
  priceKind: PlotPriceKind | null,
  priceCents: number | null,
  selectable: boolean,
  seats: number,
  orders: number,
  audiencePrices: [audienceId: number, priceCents: number][] | null,
  closedReason: string | null,
  productId: number,
];

/**
 * The plots rows `where` covers, each with its active holds and audience
 * prices, as one JSON text built by PostgreSQL in `order`: a 60-day window
 * of time slots is a few hundred plots, and PostgreSQL builds them into one
 * JSON text far cheaper than a driver turns a few hundred rows of typed
 * columns into objects (PGlite, which runs on the request thread, most of all).
 */
async function plotTuples(
  db: Db,
  where: SQL,
  order: SQL,
  now: Date,
  ownOfferEntryId: number | undefined,
): Promise<PlotTuple[]> {
  const held = activeHoldsOfPlot(db, now, ownOfferEntryId);
  const audiencePrices = sql`(
    select json_agg(json_build_array(${plotAudiencePrices.audienceId}, ${plotAudiencePrices.priceCents}))
    from ${plotAudiencePrices} where ${plotAudiencePrices.plotId} = ${plots.id})`;
  const tuple = sql`json_build_array(${plots.id}, ${plots.date}, ${plots.startTime}, ${plots.endTime},
    ${plots.capacity}, ${plots.maxOrders}, ${plots.priceKind}, ${plots.priceCents}, ${plots.selectable},
    ${held.seats}, ${held.orders}, ${audiencePrices}, ${plots.closedReason}, ${plots.productId})`;
  const [row] = await db
    .select({ json: sql<string>`coalesce(json_agg(${tuple} order by ${order}), '[]')::text` })
    .from(plots)
    .crossJoinLateral(held)
    .where(where);
  return JSON.parse(row?.json ?? '[]') as PlotTuple[];
}

/** Within a day slots read in time order, whichever way the dates run. */
function plotOrder(direction: 'asc' | 'desc'): SQL {
  return sql`${plots.date} ${sql.raw(direction === 'desc' ? 'desc' : 'asc')},
    ${plots.startTime} asc nulls first, ${plots.id} asc`;
}

/**
 * The plots a scope covers, ordered, each with its active holds and audience
 * prices, in ONE query whatever the window.
 */
export async function loadPlots(db: Db, scope: PlotsScope, now: Date): Promise<LoadedPlot[]> {
  const tuples = await plotTuples(
    db,
    scopeFilter(scope),
    plotOrder(scope.direction),
    now,
    scope.ownOfferEntryId,
  );
  // A product without days is booked on its one open plot: the first, should there be more.
  return (scope.hasDays ? tuples : tuples.slice(0, 1)).map(toLoadedPlot);
}

/**
 * The plots of several products in one window, by product id, each list as
 * `loadPlots` gives it for that product alone with the same window and
 * direction (no rebooked plot, no waiting-list offer): ONE query for all of
 * them (decision 0285).
 */
export async function loadPlotsOfProducts(
  db: Db,
  scopes: readonly { productId: number; hasDays: boolean }[],
  window: PlotWindow,
  direction: 'asc' | 'desc',
  now: Date,
): Promise<Map<number, LoadedPlot[]>> {
  const byProduct = new Map<number, LoadedPlot[]>(scopes.map((scope) => [scope.productId, []]));
  const dated = scopes.filter((scope) => scope.hasDays).map((scope) => scope.productId);
  const undated = scopes.filter((scope) => !scope.hasDays).map((scope) => scope.productId);
  const filters = [
    dated.length > 0
      ? and(inArray(plots.productId, dated), gte(plots.date, window.from), lte(plots.date, window.until))
      : undefined,
    undated.length > 0 ? and(inArray(plots.productId, undated), isNull(plots.date)) : undefined,
  ].filter((filter) => filter !== undefined);
  if (filters.length === 0) return byProduct;
  for (const tuple of await plotTuples(db, or(...filters)!, plotOrder(direction), now, undefined)) {
    byProduct.get(tuple[13])?.push(toLoadedPlot(tuple));
  }
  // A product without days is booked on its one open plot: the first, should there be more.
  for (const productId of undated) byProduct.set(productId, byProduct.get(productId)!.slice(0, 1));
  return byProduct;
}

function toLoadedPlot(tuple: PlotTuple): LoadedPlot {
  const [id, date, startTime, endTime, capacity, maxOrders, priceKind, priceCents, selectable] = tuple;
  const [, , , , , , , , , seats, orders, prices, closedReason] = tuple;
  return {
    id,
    date,
    startTime,
    endTime,
    capacity,
    maxOrders,
    priceKind,
    priceCents,
    selectable,
    closedReason: closedReason ?? null,
    holds: { seats, orders },
    audiencePrices: new Map(prices ?? []),
  };
}
