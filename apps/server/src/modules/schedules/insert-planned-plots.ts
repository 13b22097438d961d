import type { PlannedPlot } from '@kassa/domain/rules/schedule-plots';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { plotAudiencePrices, plots } from '../../db/schema.ts';

/** A plot's place in its product's calendar: date and HH:MM start ('' all day). */
export function slotKey(date: string, start: string | null): string {
  return `${date} ${start?.slice(0, 5) ?? ''}`;
}

/**
 * Inserts planned plots of one product and their audience prices. A plot
 * that exists already (same date and start: `plots_product_slot_key`) is
 * left alone, so two instances extending the same window at once add each
 * plot once. Answers the plots it inserted.
 *
 * @param audienceIds audience key → the product's audience id, for AUDIENCE prices
 */
export async function insertPlannedPlots(
  tx: Tx,
  productId: number,
  planned: readonly PlannedPlot[],
  audienceIds: Readonly<Record<string, number>>,
): Promise<PlannedPlot[]> {
  if (planned.length === 0) return [];
  const rows = planned.map((plan) => ({
    product_id: productId,
    date: plan.date,
    start_time: plan.start,
    end_time: plan.end,
    capacity: plan.capacity,
    max_orders: plan.maxOrders,
    price_kind: plan.priceKind,
    price_cents: plan.priceCents,
    selectable: plan.selectable,
  }));
  // One JSON parameter, as the seed does: a multi-row VALUES list is slow to build.
  const result = await tx.execute(sql`
    INSERT INTO ${plots} (product_id, date, start_time, end_time, capacity, max_orders, price_kind, price_cents, selectable)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
      product_id integer, date date, start_time time, end_time time, capacity integer,
      max_orders integer, price_kind text, price_cents integer, selectable boolean)
    ON CONFLICT DO NOTHING
    RETURNING id, date::text AS date, start_time::text AS start_time`);
  const inserted = (result as unknown as { rows: { id: number; date: string; start_time: string | null }[] })
    .rows;
  const planByKey = new Map(planned.map((plan) => [slotKey(plan.date, plan.start), plan]));
  const added = inserted.map((row) => ({
    id: row.id,
    plan: planByKey.get(slotKey(row.date, row.start_time))!,
  }));
  const prices = added.flatMap(({ id, plan }) =>
    Object.entries(plan.audiencePrices).map(([key, priceCents]) => ({
      plotId: id,
      audienceId: audienceIds[key]!,
      priceCents,
    })),
  );
  // Three parameters a row, and PostgreSQL takes at most 65 535 per statement.
  for (let i = 0; i < prices.length; i += 10_000) {
    await tx.insert(plotAudiencePrices).values(prices.slice(i, i + 10_000));
  }
  return added.map(({ plan }) => plan);
}
