import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useHomeProducts } from '@/lib/api/get-home-products';
import { calendarPlotsQueryOptions } from '../api/get-calendar-plots';
import { eventsByDay, productEvents, type CalendarEvent } from '../utils/calendar-events';
import type { CalendarWindow } from '../utils/calendar-window';

export interface CalendarEvents {
  loading: boolean;
  days: Map<string, CalendarEvent[]>;
}

/**
 * The calendar's events (docs/storefront.md §2.18): every product with days
 * from the home list, their plots for the window in one call (decision 0285).
 * A failed product list is logged and leaves an empty calendar
 * (docs/storefront.md §8.3).
 */
export function useCalendarEvents(span: CalendarWindow): CalendarEvents {
  const home = useHomeProducts();
  const dated = useMemo(
    () => (home.data?.products ?? []).filter((product) => product.options.days),
    [home.data],
  );
  const plots = useQuery({
    ...calendarPlotsQueryOptions(
      dated.map((product) => product.id),
      span,
    ),
    enabled: dated.length > 0,
  });

  const failed = home.isError && !home.data;
  useEffect(() => {
    if (failed) console.error('Calendar: the products could not be loaded', home.error);
  }, [failed, home.error]);

  const days = useMemo(() => {
    const byProduct = new Map((plots.data ?? []).map((entry) => [entry.product, entry.plots]));
    return eventsByDay(
      dated.flatMap((product) => productEvents(product, byProduct.get(product.id) ?? [], span)),
    );
  }, [dated, plots.data, span]);
  return { loading: (!home.data && !failed) || (dated.length > 0 && plots.isPending), days };
}
