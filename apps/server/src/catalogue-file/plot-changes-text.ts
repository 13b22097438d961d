import { describeScheduleResult } from '../modules/schedules/schedule-result-text.ts';
import type { ProductPlotChanges } from './write/write-products.ts';

/**
 * The plot lines of `shop import`: one block per product whose schedule
 * changes its plots (a schedule that changes nothing says nothing, so an
 * export imported again still reads "No changes.").
 */
export function describePlotChanges(plots: readonly ProductPlotChanges[]): string[] {
  return plots
    .filter(
      ({ result }) =>
        result.added.length +
          result.updated.length +
          result.removed.length +
          result.retired.length +
          result.refused.length >
        0,
    )
    .flatMap(({ slug, result }) => {
      const [first, ...rest] = describeScheduleResult(result);
      return [`${slug}: ${first}`, ...rest];
    });
}
