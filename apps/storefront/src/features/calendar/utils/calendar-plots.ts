import type { Plot } from '@kassa/domain/contract/plots';
import { lowestPrice } from './lowest-price';

/**
 * What the calendar keeps of a plot (decision 0280): only plots it shows, and
 * of those only what an event card and the picker's dots use.
 */
export interface CalendarPlot {
  id: number;
  /** YYYY-MM-DD in the organisation's zone. */
  date: string;
  time: { start: string | null; end: string | null };
  /** The lowest price a visitor pays for one booking (lowestPrice); null when the plot names none. */
  price: number | null;
  /** Seats left as a percentage of capacity; null when unlimited. */
  availability: number | null;
}

/** docs/storefront.md §5.9: only plots that are selectable and whose availability amount is not 0. */
export function isShownOnCalendar(plot: Pick<Plot, 'selectable' | 'availability'>): boolean {
  return plot.selectable && plot.availability.amount !== 0;
}

/** The plots of an answer the calendar shows, as it keeps them. */
export function calendarPlots(plots: readonly Plot[]): CalendarPlot[] {
  return plots.flatMap((plot) =>
    plot.date !== null && isShownOnCalendar(plot)
      ? [
          {
            id: plot.id,
            date: plot.date,
            time: { start: plot.time.start, end: plot.time.end },
            price: lowestPrice(plot),
            availability: plot.availability.percentage,
          },
        ]
      : [],
  );
}
