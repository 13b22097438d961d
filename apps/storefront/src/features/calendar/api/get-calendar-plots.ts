import type { Plot } from '@kassa/domain/contract/plots';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { calendarPlots, type CalendarPlot } from '../utils/calendar-plots';
import type { CalendarWindow } from '../utils/calendar-window';

/**
 * GET /api/products/{id}/plots for the calendar's window (docs/storefront.md
 * §7.2): filterFrom/filterUntil, ordered by date. A failure is logged and
 * counts as no plots (docs/storefront.md §8.3), so one product's trouble leaves
 * the others on the calendar.
 *
 * What is kept is what the calendar shows of them (`calendarPlots`, decision
 * 0280): the query's data is what the server writes into the page for
 * hydration, and the whole answer made the calendar's page several times the
 * size of the others.
 */
export async function getCalendarPlots(
  productId: number,
  span: CalendarWindow,
  signal?: AbortSignal,
): Promise<CalendarPlot[]> {
  const query = new URLSearchParams({
    filterFrom: span.from,
    filterUntil: span.until,
    orderingCol: 'date',
    orderingDir: 'asc',
  });
  try {
    const plots = await apiGet<Plot[]>(`/products/${productId}/plots?${query.toString()}`, {
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/plots')).plotListSchema
        : undefined,
      signal,
    });
    return calendarPlots(plots);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(`Calendar: the plots of product ${productId} could not be loaded`, error);
    return [];
  }
}

export function calendarPlotsQueryOptions(productId: number, span: CalendarWindow) {
  return queryOptions({
    queryKey: ['calendar-plots', productId, span.from, span.until],
    queryFn: ({ signal }) => getCalendarPlots(productId, span, signal),
  });
}
