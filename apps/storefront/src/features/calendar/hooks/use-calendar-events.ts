import { useQueries, type QueryObserverResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useHomeProducts } from '@/lib/api/get-home-products';
import { calendarPlotsQueryOptions } from '../api/get-calendar-plots';
import type { CalendarPlot } from '../utils/calendar-plots';
import { eventsByDay, productEvents, type CalendarEvent } from '../utils/calendar-events';
import type { CalendarWindow } from '../utils/calendar-window';

export interface CalendarEvents {
  loading: boolean;
  days: Map<string, CalendarEvent[]>;
}

/** Outside the component: a stable combine lets react-query share the result between renders. */
function combinePlots(results: QueryObserverResult<CalendarPlot[]>[]) {
  return { pending: results.some((result) => result.isPending), plots: results.map((result) => result.data) };
}

/**
 * The calendar's events (docs/storefront.md §2.18): every product with days
 * from the home list, its plots fetched for the window, all products in
 * parallel. A failed product list is logged and leaves an empty calendar
 * (docs/storefront.md §8.3).
 */
export function useCalendarEvents(span: CalendarWindow): CalendarEvents {
  const home = useHomeProducts();
  const dated = useMemo(
    () => (home.data?.products ?? []).filter((product) => product.options.days),
    [home.data],
  );
  const { pending, plots } = useQueries({
    queries: dated.map((product) => calendarPlotsQueryOptions(product.id, span)),
    combine: combinePlots,
  });

  const failed = home.isError && !home.data;
  useEffect(() => {
    if (failed) console.error('Calendar: the products could not be loaded', home.error);
  }, [failed, home.error]);

  const days = useMemo(
    () => eventsByDay(dated.flatMap((product, index) => productEvents(product, plots[index] ?? [], span))),
    [dated, plots, span],
  );
  return { loading: (!home.data && !failed) || pending, days };
}
