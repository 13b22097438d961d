import { plotAudiencePrices, plots } from '../db/schema.ts';
import { chunks } from './batch.ts';
import type { SeedContext } from './context.ts';
import type { PlannedPlot } from './plot-schedule.ts';
import type { SeededProducts } from './products.ts';

export interface SeededPlot {
  id: number;
  plan: PlannedPlot;
}

/** A plot's identity within the seed; times compare as HH:MM (the database answers HH:MM:SS). */
function plotKey(productId: number, date: string | null, start: string | null): string {
  return `${productId}|${date ?? ''}|${start?.slice(0, 5) ?? ''}`;
}

/** Inserts the planned plots and their audience prices in batches. */
export async function seedPlots(
  { tx }: SeedContext,
  planned: PlannedPlot[],
  { productIds, audienceIds }: SeededProducts,
): Promise<SeededPlot[]> {
  const seeded: SeededPlot[] = [];
  for (const batch of chunks(planned)) {
    const rows = await tx
      .insert(plots)
      .values(
        batch.map((plan) => ({
          productId: productIds[plan.product],
          date: plan.date,
          startTime: plan.start,
          endTime: plan.end,
          capacity: plan.capacity,
          maxOrders: plan.maxOrders,
          priceKind: plan.priceKind,
          priceCents: plan.priceCents,
          selectable: plan.selectable,
        })),
      )
      .returning({ id: plots.id, productId: plots.productId, date: plots.date, start: plots.startTime });
    // RETURNING's row order is not promised: match rows to plans by product, date and start.
    const idByKey = new Map(rows.map((row) => [plotKey(row.productId, row.date, row.start), row.id]));
    for (const plan of batch) {
      seeded.push({ id: idByKey.get(plotKey(productIds[plan.product], plan.date, plan.start))!, plan });
    }
  }

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
