import type { ProductSummary } from '@kassa/domain/contract/catalog';
import type { CalendarPlot } from './calendar-plots';
import type { CalendarWindow } from './calendar-window';
import { descriptionPreview } from './description-preview';

/** One bookable moment on the calendar: a plot of a dated product. */
export interface CalendarEvent {
  key: string;
  product: Pick<ProductSummary, 'id' | 'slug' | 'title'>;
  plotId: number;
  /** YYYY-MM-DD in the organisation's zone. */
  date: string;
  time: { start: string | null; end: string | null };
  preview: string;
  price: number | null;
  /** Seats left as a percentage of capacity; null when unlimited. */
  availability: number | null;
}

/** A dated product's shown plots (calendarPlots) as calendar events, inside the window only. */
export function productEvents(
  product: ProductSummary,
  plots: readonly CalendarPlot[],
  span: CalendarWindow,
): CalendarEvent[] {
  const preview = descriptionPreview(product.description);
  return plots.flatMap((plot) => {
    const { date } = plot;
    if (date < span.from || date > span.until) return [];
    return [
      {
        key: `${product.id}-${plot.id}`,
        product: { id: product.id, slug: product.slug, title: product.title },
        plotId: plot.id,
        date,
        time: plot.time,
        preview,
        price: plot.price,
        availability: plot.availability,
      },
    ];
  });
}

/** All-day events first, then by start time, then by title: the order a day is read in. */
function byTime(a: CalendarEvent, b: CalendarEvent): number {
  const start = (a.time.start ?? '').localeCompare(b.time.start ?? '');
  return start !== 0 ? start : a.product.title.localeCompare(b.product.title);
}

/** Events by day (YYYY-MM-DD), each day's list in reading order. */
export function eventsByDay(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const list = days.get(event.date);
    if (list) list.push(event);
    else days.set(event.date, [event]);
  }
  for (const list of days.values()) list.sort(byTime);
  return days;
}

/** The day to open on: the first day with events, else the window's first day (today). */
export function firstEventDay(days: ReadonlyMap<string, unknown>, span: CalendarWindow): string {
  const sorted = [...days.keys()].sort();
  return sorted[0] ?? span.from;
}
