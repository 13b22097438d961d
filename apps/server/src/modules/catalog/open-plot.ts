import { availabilityOf, type Availability } from '@kassa/domain/rules/availability';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { capacityHolds, plots, type CapacityType } from '../../db/schema.ts';
import { activeHold, heldSeats } from '../../engine/booking/active-holds.ts';

export interface OpenPlot {
  plot: number | null;
  availability: Availability | null;
}

const NO_OPEN_PLOT: OpenPlot = { plot: null, availability: null };

/**
 * A product without days is ordered on its single open plot (date null).
 * Availability is that plot's capacity minus its active holds; a product
 * without a capacity limit (or a plot without one) is unlimited.
 */
export async function openPlotOf(
  db: Db,
  product: { id: number; hasDays: boolean; capacityType: CapacityType },
  now: Date,
): Promise<OpenPlot> {
  if (product.hasDays) return NO_OPEN_PLOT;
  const [row] = await db
    .select({ id: plots.id, capacity: plots.capacity, held: heldSeats })
    .from(plots)
    .leftJoin(capacityHolds, and(eq(capacityHolds.plotId, plots.id), activeHold(now)))
    .where(and(eq(plots.productId, product.id), isNull(plots.date)))
    .groupBy(plots.id)
    .orderBy(asc(plots.id))
    .limit(1);
  if (!row) return NO_OPEN_PLOT;
  const capacity = product.capacityType === 'NONE' ? null : row.capacity;
  return { plot: row.id, availability: availabilityOf(capacity, row.held) };
}
