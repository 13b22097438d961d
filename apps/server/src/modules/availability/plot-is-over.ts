import type { plots } from '../../db/schema.ts';
import type { ZonedNow } from './zoned-clock.ts';

/** A dated plot is over once its day has passed, or on its day once its slot has started. */
export function plotIsOver(
  plot: Pick<typeof plots.$inferSelect, 'date' | 'startTime'>,
  today: ZonedNow,
): boolean {
  if (plot.date === null) return false;
  if (plot.date !== today.date) return plot.date < today.date;
  return plot.startTime !== null && plot.startTime.slice(0, 5) <= today.time;
}
