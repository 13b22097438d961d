import { largestAvailability, type Availability } from '@kassa/domain/rules/availability';
import type { Db } from '../../db/client.ts';
import type { CapacityType } from '../../db/schema.ts';
import { loadPlots } from './load-plots.ts';
import { plotSaleState } from './plot-dto.ts';
import { plotWindow } from './plot-window.ts';
import { zonedNow } from './zoned-clock.ts';

/**
 * The most seats a product with days has left on one plot it still sells,
 * over the window its order flow is served (today and MAX_WINDOW_DAYS
 * ahead): the most one order can book, known before a plot is chosen, so the
 * quantity step never offers more than any date could take (decision 0191).
 */
export async function salesWindowAvailability(
  db: Db,
  product: { id: number; capacityType: CapacityType; hasTimeslots: boolean; salesEndMinutes: number },
  timeZone: string,
  now: Date,
): Promise<Availability> {
  const clock = zonedNow(now, timeZone);
  const loaded = await loadPlots(
    db,
    { productId: product.id, hasDays: true, window: plotWindow(clock.date), direction: 'asc' },
    now,
  );
  return largestAvailability(loaded.map((row) => plotSaleState(row, product, now, timeZone)));
}
