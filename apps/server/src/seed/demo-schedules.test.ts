import { productScheduleSchema, type ProductSchedule } from '@kassa/domain/contract/catalogue-schedule';
import { planSchedulePlots } from '@kassa/domain/rules/schedule-plots';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { DEMO_PLOT_DAYS } from './demo-constants.ts';
import { planPlots } from './plot-schedule.ts';
import type { ProductKey } from './demo-keys.ts';

/**
 * The demo shop's opening hours (seed/schedules.ts) written as catalogue-file
 * schedules (issue #16): the contract the catalogue file uses covers the demo
 * if these plan exactly the plots the seed makes. Written for a given `today`
 * only where the demo itself counts from today: the members' preview every
 * fourth Thursday from next week, and the zoo's maintenance day.
 */
function demoSchedules(today: string): Partial<Record<ProductKey, ProductSchedule>> {
  const window_days = DEMO_PLOT_DAYS;
  const tueToSun = ['tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
  const weekdays = ['tue', 'wed', 'thu', 'fri'] as const;
  const weekend = ['sat', 'sun'] as const;
  const hourly = Array.from({ length: 7 }, (_, i) => ({ start: `${10 + i}:00`, minutes: 90 }));
  const thursdays = Array.from({ length: DEMO_PLOT_DAYS }, (_, offset) => offset)
    .filter((offset) => offset >= 7 && Math.floor((offset - 7) / 7) % 4 === 0)
    .map((offset) => addDays(today, offset))
    .filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 4);
  const raw = {
    'museum-admission': {
      window_days,
      rules: [
        { days: weekdays, capacity: 400 },
        { days: weekend, capacity: 400, price: { kind: 'AUDIENCE', audiences: { adult: 19.5, senior: 17 } } },
      ],
    },
    'light-and-colour': {
      window_days,
      rules: [
        { days: weekdays, slots: hourly, capacity: 30 },
        { days: weekend, slots: hourly, capacity: 30, price: { kind: 'DAY', price: 25 } },
      ],
    },
    'highlights-tour': {
      window_days,
      rules: [
        {
          days: tueToSun,
          slots: [
            { start: '11:00', minutes: 60 },
            { start: '14:00', minutes: 60 },
          ],
          capacity: 20,
          max_orders: 6,
        },
        {
          days: weekend,
          slots: [
            {
              start: '16:00',
              minutes: 60,
              price: { kind: 'AUDIENCE', audiences: { adult: 24.5, child: 12.5, studentGroup: 15 } },
            },
          ],
          capacity: 20,
          max_orders: 6,
        },
      ],
    },
    'zoo-day': {
      window_days,
      rules: [{ capacity: null }],
      exceptions: [{ date: addDays(today, 15), unselectable: true, note: 'maintenance' }],
    },
    'canal-cruise': {
      window_days,
      rules: [
        {
          slots: [
            ...['10:30', '12:00', '13:30', '15:00'].map((start) => ({ start, minutes: 75 })),
            { start: '16:30', minutes: 75, price: { kind: 'TIMESLOT', price: 19.5 } },
          ],
          capacity: 48,
        },
      ],
    },
    'escape-room': {
      window_days,
      rules: [
        {
          slots: [
            ...['10:00', '11:30', '13:00', '14:30', '16:00', '17:30'].map((start) => ({
              start,
              minutes: 60,
            })),
            { start: '19:00', minutes: 60, price: { kind: 'TIMESLOT', price: 32.5 } },
          ],
          capacity: 6,
          max_orders: 1,
        },
      ],
    },
    // The contract has no DYNAMIC price kind: the play's per-evening prices are PLOT prices here (see below).
    'theatre-evening': {
      window_days,
      rules: (
        [
          ['thu', 29.5],
          ['fri', 34.5],
          ['sat', 37.5],
        ] as const
      ).map(([day, price]) => ({
        days: [day],
        slots: [{ start: '20:00', minutes: 75 }],
        capacity: 120,
        price: { kind: 'PLOT', price },
      })),
    },
    'members-preview': {
      window_days,
      rules: thursdays.map((date) => ({
        days: ['thu'],
        from: date,
        until: date,
        slots: [{ start: '19:00', minutes: 150 }],
        capacity: 80,
      })),
    },
    'school-visit': { window_days, rules: [{ days: weekdays, capacity: 60 }] },
  };
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, productScheduleSchema.parse(value)]),
  ) as Partial<Record<ProductKey, ProductSchedule>>;
}

// A plain day, and one whose window holds the spring DST change (28 March 2027).
describe.each(['2026-11-25', '2027-03-20'])('the demo as opening schedules, today %s', (today) => {
  it('plans exactly the dated plots the seed makes (prices, capacity, selectability)', () => {
    const seeded = planPlots(today)
      .filter((plot) => plot.date !== null)
      .map(({ sold: _sold, ...plot }) => ({
        ...plot,
        // The one difference: the seed's DYNAMIC kind has no counterpart in the file format.
        priceKind: plot.priceKind === 'DYNAMIC' ? 'PLOT' : plot.priceKind,
      }));
    const schedules = demoSchedules(today);
    const planned = Object.entries(schedules).flatMap(([product, schedule]) =>
      planSchedulePlots(schedule!, {
        from: today,
        until: addDays(today, DEMO_PLOT_DAYS - 1),
        timeZone: 'Europe/Amsterdam',
        audienceKeys: ['adult', 'senior', 'child', 'studentGroup'],
      }).map((plot) => ({ product, ...plot })),
    );
    const key = (plot: { product: string; date: string | null; start: string | null }) =>
      `${plot.product} ${plot.date} ${plot.start ?? ''}`;
    const sort = <T extends { product: string; date: string | null; start: string | null }>(plots: T[]) =>
      [...plots].sort((a, b) => key(a).localeCompare(key(b)));
    expect(planned.length).toBeGreaterThan(2000);
    expect(sort(planned)).toEqual(sort(seeded));
  });
});
