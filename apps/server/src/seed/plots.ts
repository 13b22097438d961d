import { and, inArray, isNull, sql } from 'drizzle-orm';
import { plotAudiencePrices, plots } from '../db/schema.ts';
import { chunks } from './batch.ts';
import type { SeedContext } from './context.ts';
import type { PlannedPlot } from './plot-schedule.ts';
import type { SeededProducts } from './demo-catalogue-ids.ts';
import type { ProductKey } from './demo-keys.ts';

export interface SeededPlot {
  id: number;
  plan: PlannedPlot;
}

/** A plot's identity within the seed; times compare as HH:MM (the database answers HH:MM:SS). */
function plotKey(productId: number, date: string | null, start: string | null): string {
  return `${productId}|${date ?? ''}|${start?.slice(0, 5) ?? ''}`;
}

/**
 * Inserts the planned plots and their audience prices. The ~2 000 plots go
 * in as one JSON parameter unpacked by jsonb_to_recordset: building a
 * multi-row VALUES list costs the query builder about half a millisecond
 * per row, which alone would take most of the seed's time budget.
 */
export async function seedPlots(
  { tx }: SeedContext,
  planned: PlannedPlot[],
  { productIds, audienceIds }: SeededProducts,
): Promise<SeededPlot[]> {
  const rows = planned.map((plan) => ({
    product_id: productIds[plan.product],
    date: plan.date,
    start_time: plan.start,
    end_time: plan.end,
    capacity: plan.capacity,
    max_orders: plan.maxOrders,
    price_kind: plan.priceKind,
    price_cents: plan.priceCents,
    selectable: plan.selectable,
  }));
  const result = await tx.execute(sql`
    INSERT INTO ${plots} (product_id, date, start_time, end_time, capacity, max_orders, price_kind, price_cents, selectable)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
      product_id integer, date date, start_time time, end_time time, capacity integer,
      max_orders integer, price_kind text, price_cents integer, selectable boolean)
    RETURNING id, product_id, date::text AS date, start_time::text AS start_time`);
  const inserted = (result as unknown as { rows: InsertedPlot[] }).rows;

  // RETURNING's row order is not promised: match rows to plans by product, date and start.
  const idByKey = new Map(inserted.map((row) => [plotKey(row.product_id, row.date, row.start_time), row.id]));
  const seeded = planned.map((plan) => ({
    id: idByKey.get(plotKey(productIds[plan.product], plan.date, plan.start))!,
    plan,
  }));

  const prices = seeded.flatMap(({ id, plan }) =>
    Object.entries(plan.audiencePrices).map(([audience, priceCents]) => ({
      plotId: id,
      audienceId: audienceIds[plan.product]![audience as keyof typeof plan.audiencePrices]!,
      priceCents: priceCents!,
    })),
  );
  for (const batch of chunks(prices)) await tx.insert(plotAudiencePrices).values(batch);
  return seeded;
}

interface InsertedPlot {
  id: number;
  product_id: number;
  date: string | null;
  start_time: string | null;
}

/** Seats already sold on the open plot (date null) of each product without days. */
const OPEN_PLOT_SOLD: Partial<Record<ProductKey, number>> = { 'flex-ticket': 120 };

/** The open plots the catalogue import made, as plans the bookings can fill. */
export async function openPlotsOf(
  { tx }: SeedContext,
  { productIds }: SeededProducts,
): Promise<SeededPlot[]> {
  const rows = await tx
    .select({ id: plots.id, productId: plots.productId, capacity: plots.capacity })
    .from(plots)
    .where(and(inArray(plots.productId, Object.values(productIds)), isNull(plots.date)));
  return rows.map((row) => {
    const product = (Object.keys(productIds) as ProductKey[]).find(
      (key) => productIds[key] === row.productId,
    )!;
    return {
      id: row.id,
      plan: {
        product,
        date: null,
        start: null,
        end: null,
        capacity: row.capacity,
        maxOrders: null,
        priceKind: null,
        priceCents: null,
        audiencePrices: {},
        selectable: true,
        sold: OPEN_PLOT_SOLD[product] ?? 0,
      },
    };
  });
}
