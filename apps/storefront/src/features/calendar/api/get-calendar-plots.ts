import type { CalendarProductPlots } from '@kassa/domain/contract/calendar';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { CalendarWindow } from '../utils/calendar-window';

/**
 * GET /api/calendar/plots for the calendar's dated products and window
 * (docs/storefront.md §7.12, decision 0285): for each product, the plots of
 * its plots answer for the window (docs/storefront.md §7.2) that the calendar
 * shows, as it keeps them (`calendarPlots`, decision 0280), in one answer for
 * all of them. A failure is logged and counts as no plots (docs/storefront.md
 * §8.3): an empty calendar.
 *
 * The query's data is what the server writes into the page for hydration.
 */
export async function getCalendarPlots(
  productIds: readonly number[],
  span: CalendarWindow,
  signal?: AbortSignal,
): Promise<CalendarProductPlots> {
  const query = new URLSearchParams({
    products: productIds.join(','),
    filterFrom: span.from,
    filterUntil: span.until,
  });
  try {
    return await apiGet<CalendarProductPlots>(`/calendar/plots?${query.toString()}`, {
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/calendar')).calendarProductPlotsSchema
        : undefined,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Calendar: the plots could not be loaded', error);
    return [];
  }
}

export function calendarPlotsQueryOptions(productIds: readonly number[], span: CalendarWindow) {
  return queryOptions({
    queryKey: ['calendar-plots', productIds.join(','), span.from, span.until],
    queryFn: ({ signal }) => getCalendarPlots(productIds, span, signal),
  });
}
