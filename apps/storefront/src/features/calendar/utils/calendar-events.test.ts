import type { Plot } from '@kassa/domain/contract/plots';
import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/catalog-fixtures';
import type { ProductSummary } from '@kassa/domain/contract/catalog';
import { calendarPlots, isShownOnCalendar } from './calendar-plots';
import { eventsByDay, firstEventDay, productEvents } from './calendar-events';

const span = { from: '2026-11-22', until: '2027-01-21' };

/** A product's events from an API answer, as the calendar's query keeps it (calendarPlots). */
function eventsOf(product: ProductSummary, plots: Plot[], window: typeof span) {
  return productEvents(product, calendarPlots(plots), window);
}

function aPlot(overrides: Partial<Plot> & { id: number }): Plot {
  return {
    date: '2026-11-23',
    time: { start: null, end: null },
    price: 10,
    lowestTotalPrice: 10,
    availability: { amount: 20, percentage: 50 },
    maxOrdersReached: false,
    selectable: true,
    audiencePrices: [],
    ...overrides,
  };
}

const tour = aProduct({
  id: 3,
  title: 'Highlights tour',
  slug: 'highlights-tour',
  options: { days: true, timeslots: true, audiences: false },
});

describe('isShownOnCalendar', () => {
  it('shows selectable plots with seats or without a capacity limit, nothing else', () => {
    expect(isShownOnCalendar(aPlot({ id: 1 }))).toBe(true);
    expect(isShownOnCalendar(aPlot({ id: 2, availability: { amount: null, percentage: null } }))).toBe(true);
    expect(isShownOnCalendar(aPlot({ id: 3, availability: { amount: 0, percentage: 0 } }))).toBe(false);
    expect(isShownOnCalendar(aPlot({ id: 4, selectable: false }))).toBe(false);
  });
});

describe('productEvents', () => {
  it('turns shown plots inside the window into events of the product', () => {
    const events = eventsOf(
      tour,
      [
        aPlot({ id: 1, time: { start: '10:00', end: '11:00' }, lowestTotalPrice: 12.5 }),
        aPlot({ id: 2, availability: { amount: 0, percentage: 0 } }),
        aPlot({ id: 3, selectable: false }),
        aPlot({ id: 4, date: '2026-11-21' }),
        aPlot({ id: 5, date: '2027-01-22' }),
        aPlot({ id: 6, date: '2027-01-21' }),
        aPlot({ id: 7, date: null }),
      ],
      span,
    );
    expect(events.map((event) => event.plotId)).toEqual([1, 6]);
    expect(events[0]).toMatchObject({
      product: { id: 3, slug: 'highlights-tour', title: 'Highlights tour' },
      date: '2026-11-23',
      time: { start: '10:00', end: '11:00' },
      price: 12.5,
      preview: 'About Highlights tour',
    });
  });

  it('falls back to the plot price, then the cheapest audience price', () => {
    const [byPlot, byAudience, none] = eventsOf(
      tour,
      [
        aPlot({ id: 1, lowestTotalPrice: null, price: 9 }),
        aPlot({
          id: 2,
          lowestTotalPrice: null,
          price: null,
          audiencePrices: [
            { audience: 1, price: 19.5 },
            { audience: 2, price: 8.5 },
          ],
        }),
        aPlot({ id: 3, lowestTotalPrice: null, price: null }),
      ],
      span,
    );
    expect([byPlot?.price, byAudience?.price, none?.price]).toEqual([9, 8.5, null]);
  });
});

describe('eventsByDay', () => {
  it('groups by day, all-day events first, then by start time and title', () => {
    const zoo = aProduct({ id: 4, title: 'Zoo day' });
    const cruise = aProduct({ id: 5, title: 'Canal cruise' });
    const days = eventsByDay([
      ...eventsOf(tour, [aPlot({ id: 1, time: { start: '14:00', end: '15:00' } })], span),
      ...eventsOf(
        cruise,
        [
          aPlot({ id: 2, time: { start: '09:30', end: '10:45' } }),
          aPlot({ id: 3, date: '2026-11-25', time: { start: '12:00', end: null } }),
        ],
        span,
      ),
      ...eventsOf(tour, [aPlot({ id: 4, time: { start: '09:30', end: '10:30' } })], span),
      ...eventsOf(zoo, [aPlot({ id: 5 })], span),
    ]);

    expect([...days.keys()]).toEqual(['2026-11-23', '2026-11-25']);
    expect(days.get('2026-11-23')?.map((event) => event.plotId)).toEqual([5, 2, 4, 1]);
    expect(firstEventDay(days, span)).toBe('2026-11-23');
  });

  it('opens on today when no day has events', () => {
    expect(firstEventDay(eventsByDay([]), span)).toBe('2026-11-22');
  });
});
