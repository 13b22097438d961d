import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { capacityHolds, orderLines, orders, plotAudiencePrices, plots } from '../../db/schema.ts';
import { activeHold } from '../../engine/booking/active-holds.ts';
import { heldSeatsWhere, holdsOf, type PlotHolds } from '../availability/held-seats.ts';

/** A product's plot from `today` on, as a schedule compares it with what it plans. */
export interface FuturePlot {
  id: number;
  date: string;
  /** HH:MM or null (all day). */
  start: string | null;
  end: string | null;
  capacity: number | null;
  maxOrders: number | null;
  priceKind: string | null;
  priceCents: number | null;
  selectable: boolean;
  /** Audience id → price in cents. */
  audiencePrices: Map<number, number>;
  /** Active holds (decision 0002): seats no schedule may take away. */
  held: PlotHolds;
  /** Some order line names the plot (any order, paid or not): it cannot be deleted, only retired. */
  inOrders: boolean;
}

/**
 * Locks the product's dated plots from `today` on, in id order with
 * `FOR NO KEY UPDATE` as a booking does (decision 0011), so no seat is taken
 * between the count here and the schedule's writes, and reads them with their
 * active holds and audience prices.
 */
export async function lockFuturePlots(
  tx: Tx,
  productId: number,
  today: string,
  now: Date,
): Promise<FuturePlot[]> {
  const inWindow = and(eq(plots.productId, productId), gte(plots.date, today))!;
  const rows = await tx
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
    .where(inWindow)
    .orderBy(plots.id)
    .for('no key update');
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const held = await heldSeatsWhere(tx, inWindow, now);
  const prices = await tx.select().from(plotAudiencePrices).where(inArray(plotAudiencePrices.plotId, ids));
  const lined = await tx
    .selectDistinct({ plotId: orderLines.plotId })
    .from(orderLines)
    .where(inArray(orderLines.plotId, ids));
  const inOrders = new Set(lined.map((row) => row.plotId));
  const pricesByPlot = new Map<number, Map<number, number>>();
  for (const price of prices) {
    const plot = pricesByPlot.get(price.plotId) ?? new Map<number, number>();
    plot.set(price.audienceId, price.priceCents);
    pricesByPlot.set(price.plotId, plot);
  }
  return rows.map((row) => ({
    id: row.id,
    date: row.date!,
    start: row.startTime?.slice(0, 5) ?? null,
    end: row.endTime?.slice(0, 5) ?? null,
    capacity: row.capacity,
    maxOrders: row.maxOrders,
    priceKind: row.priceKind,
    priceCents: row.priceCents,
    selectable: row.selectable,
    audiencePrices: pricesByPlot.get(row.id) ?? new Map<number, number>(),
    held: holdsOf(held, row.id),
    inOrders: inOrders.has(row.id),
  }));
}

/** The references of the orders holding seats on each plot (active holds only). */
export async function holdingOrderReferences(
  tx: Tx,
  plotIds: readonly number[],
  now: Date,
): Promise<Map<number, string[]>> {
  const byPlot = new Map<number, string[]>();
  if (plotIds.length === 0) return byPlot;
  const rows = await tx
    .selectDistinct({ plotId: capacityHolds.plotId, reference: orders.reference })
    .from(capacityHolds)
    .innerJoin(orders, eq(orders.id, capacityHolds.orderId))
    .where(and(inArray(capacityHolds.plotId, [...plotIds]), activeHold(now)))
    .orderBy(capacityHolds.plotId, sql`${orders.reference}`);
  for (const row of rows) byPlot.set(row.plotId, [...(byPlot.get(row.plotId) ?? []), row.reference]);
  return byPlot;
}
