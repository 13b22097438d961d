import type { Plot } from '../contract/plots.ts';

/**
 * What the calendar keeps of a plot (decision 0280): only plots it shows, and
 * of those only what an event card and the picker's dots use. One rule for
 * both sides: the server builds the calendar's answer with it (decision 0285)
 * from the same plots `GET /api/products/{id}/plots` answers.
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

/**
 * The lowest price a visitor pays for one booking on a plot: the server's
 * lowest total, else the plot's own price, else its cheapest audience price.
 * null when the plot names no price at all.
 */
export function lowestPrice(
  plot: Pick<Plot, 'lowestTotalPrice' | 'price' | 'audiencePrices'>,
): number | null {
  if (plot.lowestTotalPrice !== null) return plot.lowestTotalPrice;
  if (plot.price !== null) return plot.price;
  const prices = plot.audiencePrices.map((entry) => entry.price);
  return prices.length > 0 ? Math.min(...prices) : null;
}

/** The plots of a plots answer the calendar shows, as it keeps them. */
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
