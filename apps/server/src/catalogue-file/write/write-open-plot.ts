import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';

/** A product without days is sold on one open plot; its seats are the file's `capacity`. */
export async function writeOpenPlot(tx: Tx, productId: number, capacity: number | null): Promise<void> {
  const [plot] = await tx
    .select({ id: s.plots.id })
    .from(s.plots)
    .where(and(eq(s.plots.productId, productId), isNull(s.plots.date)))
    .orderBy(s.plots.id)
    .limit(1);
  if (plot) await tx.update(s.plots).set({ capacity }).where(eq(s.plots.id, plot.id));
  else await tx.insert(s.plots).values({ productId, date: null, capacity });
}
