import { planSchedulePlots, type PlannedPlot } from '@kassa/domain/rules/schedule-plots';
import { describe, expect, it } from 'vitest';
import { addDays, isWeekend, weekday } from './dates.ts';
import { DEMO_PLOT_DAYS } from './demo-constants.ts';
import { readDemoCatalogue } from './import-demo-catalogue.ts';
import { previewEvenings, withTodaysDates } from './todays-dates.ts';

type Price = Pick<PlannedPlot, 'priceKind' | 'priceCents' | 'audiencePrices'>;

/**
 * The demo's opening hours as the seed README promises them (and as the
 * seed made its plots in code before the file's schedules took over): the
 * oracle the file's schedules must plan exactly.
 */
interface Promised {
  opens(date: string, offset: number): boolean;
  slots: [start: string, minutes: number][] | null;
  /** The closing time of an all-day product: today stops selling then. */
  closes?: string;
  capacity: number | null;
  maxOrders?: number;
  slotOpens?(date: string, start: string): boolean;
  price?(date: string, start: string | null): Price | undefined;
  unselectable?(offset: number): boolean;
}

const none: Price = { priceKind: null, priceCents: null, audiencePrices: {} };
const tueToSun = (date: string) => weekday(date) !== 1;
const everyDay = () => true;
const hourly = (from: number, to: number, minutes: number): [string, number][] =>
  Array.from({ length: to - from + 1 }, (_, i) => [`${String(from + i).padStart(2, '0')}:00`, minutes]);

const PROMISED: Record<string, Promised> = {
  'museum-admission': {
    opens: tueToSun,
    slots: null,
    closes: '17:00',
    capacity: 400,
    price: (date) =>
      isWeekend(date)
        ? { priceKind: 'AUDIENCE', priceCents: null, audiencePrices: { adult: 1950, senior: 1700 } }
        : undefined,
  },
  'light-and-colour': {
    opens: tueToSun,
    slots: hourly(10, 16, 90),
    capacity: 30,
    price: (date) =>
      isWeekend(date) ? { priceKind: 'DAY', priceCents: 2500, audiencePrices: {} } : undefined,
  },
  'highlights-tour': {
    opens: tueToSun,
    slots: [
      ['11:00', 60],
      ['14:00', 60],
      ['16:00', 60],
    ],
    capacity: 20,
    maxOrders: 6,
    // The sunset tour: weekends only, at its own audience prices.
    slotOpens: (date, start) => start !== '16:00' || isWeekend(date),
    price: (_date, start) =>
      start === '16:00'
        ? {
            priceKind: 'AUDIENCE',
            priceCents: null,
            audiencePrices: { adult: 2450, child: 1250, studentGroup: 1500 },
          }
        : undefined,
  },
  // Open 9:30–18:00; closed for maintenance 15 days from today: listed, not selectable.
  'zoo-day': {
    opens: everyDay,
    slots: null,
    closes: '18:00',
    capacity: null,
    unselectable: (offset) => offset === 15,
  },
  'canal-cruise': {
    opens: everyDay,
    slots: ['10:30', '12:00', '13:30', '15:00', '16:30'].map((start) => [start, 75]),
    capacity: 48,
    price: (_date, start) =>
      start === '16:30' ? { priceKind: 'TIMESLOT', priceCents: 1950, audiencePrices: {} } : undefined,
  },
  'escape-room': {
    opens: everyDay,
    slots: ['10:00', '11:30', '13:00', '14:30', '16:00', '17:30', '19:00'].map((start) => [start, 60]),
    capacity: 6,
    maxOrders: 1,
    price: (_date, start) =>
      start === '19:00' ? { priceKind: 'TIMESLOT', priceCents: 3250, audiencePrices: {} } : undefined,
  },
  // The play is priced by evening (DYNAMIC), dearest on Saturday.
  'theatre-evening': {
    opens: (date) => [4, 5, 6].includes(weekday(date)),
    slots: [['20:00', 75]],
    capacity: 120,
    price: (date) => ({
      priceKind: 'DYNAMIC',
      priceCents: { 4: 2950, 5: 3450, 6: 3750 }[weekday(date)]!,
      audiencePrices: {},
    }),
  },
  // Every fourth Thursday from next week.
  'members-preview': {
    opens: (date, offset) => weekday(date) === 4 && offset >= 7 && Math.floor((offset - 7) / 7) % 4 === 0,
    slots: [['19:00', 150]],
    capacity: 80,
  },
  'school-visit': { opens: (date) => [2, 3, 4, 5].includes(weekday(date)), slots: null, capacity: 60 },
};

function addMinutes(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number);
  const total = hours! * 60 + mins! + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function promisedPlots(today: string) {
  return Object.entries(PROMISED).flatMap(([product, promised]) =>
    Array.from({ length: DEMO_PLOT_DAYS }, (_, offset) => addDays(today, offset)).flatMap((date, offset) =>
      !promised.opens(date, offset)
        ? []
        : (promised.slots ?? [null])
            .filter((slot) => !slot || !promised.slotOpens || promised.slotOpens(date, slot[0]))
            .map((slot) => ({
              product,
              date,
              start: slot?.[0] ?? null,
              end: slot ? addMinutes(slot[0], slot[1]) : (promised.closes ?? null),
              capacity: promised.capacity,
              maxOrders: promised.maxOrders ?? null,
              ...none,
              ...promised.price?.(date, slot?.[0] ?? null),
              selectable: !promised.unselectable?.(offset),
            })),
    ),
  );
}

const key = (plot: { product: string; date: string; start: string | null }) =>
  `${plot.product} ${plot.date} ${plot.start ?? ''}`;
const sorted = <T extends { product: string; date: string; start: string | null }>(plots: T[]) =>
  [...plots].sort((a, b) => key(a).localeCompare(key(b)));

// A plain day, and one whose window holds the spring DST change (28 March 2027).
describe.each(['2026-11-25', '2027-03-20'])('the demo file’s schedules, today %s', (today) => {
  it('plan exactly the dated plots the demo promises (times, prices, capacity, selectability)', () => {
    const file = withTodaysDates(readDemoCatalogue(), today);
    const planned = file.products.flatMap((product) =>
      product.schedule
        ? planSchedulePlots(product.schedule, {
            from: today,
            until: addDays(today, DEMO_PLOT_DAYS - 1),
            timeZone: file.organisation.time_zone,
            audienceKeys: product.audiences.map((audience) => audience.key),
          }).map((plot) => ({ product: product.slug, ...plot }))
        : [],
    );
    expect(planned.length).toBeGreaterThan(2000);
    expect(sorted(planned)).toEqual(sorted(promisedPlots(today)));
  });
});

describe('the dates the seed adds to the file', () => {
  it('runs the members’ preview every fourth Thursday from next week, for a year', () => {
    const evenings = previewEvenings('2026-11-25');
    expect(evenings.slice(0, 3)).toEqual(['2026-12-03', '2026-12-31', '2027-01-28']);
    expect(evenings).toHaveLength(13);
    expect(evenings.every((date) => weekday(date) === 4)).toBe(true);
  });

  it('leaves the file as read, and every other product’s schedule as the file says', () => {
    const read = readDemoCatalogue();
    const before = JSON.stringify(read);
    const dated = withTodaysDates(read, '2026-11-25');
    expect(JSON.stringify(read)).toBe(before);
    const others = (file: typeof read) =>
      file.products.filter((p) => !['members-preview', 'zoo-day'].includes(p.slug));
    expect(others(dated)).toEqual(others(read));
  });
});
