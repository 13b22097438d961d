import { asc, inArray, sql } from 'drizzle-orm';
import { plots } from '../db/schema.ts';
import type { SeedContext } from './context.ts';
import { dayOffset, isWeekend } from './dates.ts';
import type { SeededProducts } from './demo-catalogue-ids.ts';
import type { ProductKey } from './demo-keys.ts';
import { seatsSold } from './occupancy.ts';

/** A plot the catalogue import made, with the seats the seed's paid order takes on it. */
export interface DemoPlot {
  product: ProductKey;
  /** null: the open plot of a product without days. */
  date: string | null;
  /** HH:MM, or null for an all-day plot. */
  start: string | null;
  capacity: number | null;
  maxOrders: number | null;
  priceCents: number | null;
  selectable: boolean;
  sold: number;
}

export interface SeededPlot {
  id: number;
  plan: DemoPlot;
}

/**
 * Per dated product, the number that sets its calendar apart (occupancy
 * noise), in the order the seed has always used, so a seed on a given day
 * sells the same seats. Products left out sell nothing: the members'
 * evenings are free invitations.
 */
const OCCUPANCY_SEED: Partial<Record<ProductKey, number>> = {
  'museum-admission': 0,
  'light-and-colour': 1,
  'highlights-tour': 2,
  'zoo-day': 3,
  'canal-cruise': 4,
  'escape-room': 5,
  'theatre-evening': 6,
  'school-visit': 8,
};

/** Seats already sold on the open plot (date null) of each product without days. */
const OPEN_PLOT_SOLD: Partial<Record<ProductKey, number>> = { 'flex-ticket': 120 };

/**
 * Every plot of the demo products (the dated ones generated from the file's
 * schedules, the open ones the file's capacity made), with the seats the
 * demo has sold on each: busier soon and at weekends; the third dated plot
 * of every product sold out and the fourth nearly full (occupancy.ts).
 */
export async function demoPlots(
  { tx, today }: SeedContext,
  { productIds }: SeededProducts,
): Promise<SeededPlot[]> {
  const productOf = new Map(
    (Object.keys(productIds) as ProductKey[]).map((key) => [productIds[key], key] as const),
  );
  const rows = await tx
    .select({
      id: plots.id,
      productId: plots.productId,
      date: plots.date,
      start: sql<string | null>`to_char(${plots.startTime}, 'HH24:MI')`,
      capacity: plots.capacity,
      maxOrders: plots.maxOrders,
      priceCents: plots.priceCents,
      selectable: plots.selectable,
    })
    .from(plots)
    .where(inArray(plots.productId, Object.values(productIds)))
    .orderBy(asc(plots.productId), asc(plots.date), asc(plots.startTime));
  const nextIndex = new Map<ProductKey, number>();
  return rows.map(({ id, productId, ...row }) => {
    const product = productOf.get(productId)!;
    return { id, plan: { product, ...row, sold: soldOn(product, row, today, nextIndex) } };
  });
}

function soldOn(
  product: ProductKey,
  plot: { date: string | null; capacity: number | null; maxOrders: number | null },
  today: string,
  nextIndex: Map<ProductKey, number>,
): number {
  if (plot.date === null) return OPEN_PLOT_SOLD[product] ?? 0;
  // Counted for every dated plot, so a product's third plot is its third in the calendar.
  const index = nextIndex.get(product) ?? 0;
  nextIndex.set(product, index + 1);
  const seed = OCCUPANCY_SEED[product];
  if (seed === undefined || plot.capacity === null) return 0;
  return seatsSold({
    capacity: plot.capacity,
    offset: dayOffset(today, plot.date),
    weekend: isWeekend(plot.date),
    index,
    seed,
    wholeTeams: plot.maxOrders === 1,
  });
}
