import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productScheduleSchema, type ProductSchedule } from '../contract/catalogue-schedule.ts';
import { planSchedulePlots, ScheduleError, scheduleProblems, scheduleWindow } from './schedule-plots.ts';

const AMSTERDAM = 'Europe/Amsterdam';

function schedule(input: unknown): ProductSchedule {
  return productScheduleSchema.parse(input);
}

function plan(input: unknown, from: string, until: string, audienceKeys: string[] = ['adult', 'child']) {
  return planSchedulePlots(schedule(input), { from, until, timeZone: AMSTERDAM, audienceKeys });
}

const times = (plots: { date: string; start: string | null; end: string | null }[]) =>
  plots.map((p) => `${p.date} ${p.start ?? 'all-day'}${p.end ? `-${p.end}` : ''}`);

// The host's zone must play no part: every case runs with the process in UTC
// and in New York (whose own DST changes fall on other dates).
describe.each(['UTC', 'America/New_York'])('planSchedulePlots with the host in %s', (hostZone) => {
  // Node re-reads the zone when process.env.TZ is assigned, which stubEnv does.
  beforeEach(() => {
    vi.stubEnv('TZ', hostZone);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('runs in the host zone it says (the test would prove nothing otherwise)', () => {
    const offset = new Date('2027-01-15T12:00:00Z').getTimezoneOffset();
    expect(offset).toBe(hostZone === 'UTC' ? 0 : 300);
  });

  it('makes plots on the rule weekdays only', () => {
    // 2027-01-04 is a Monday.
    const plots = plan(
      { rules: [{ days: ['tue', 'sat'], slots: [{ start: '10:00', minutes: 90 }], capacity: 30 }] },
      '2027-01-04',
      '2027-01-17',
    );
    expect(times(plots)).toEqual([
      '2027-01-05 10:00-11:30',
      '2027-01-09 10:00-11:30',
      '2027-01-12 10:00-11:30',
      '2027-01-16 10:00-11:30',
    ]);
    expect(plots.every((p) => p.capacity === 30 && p.selectable && p.priceKind === null)).toBe(true);
  });

  it('makes one all-day plot per open date for a rule without slots', () => {
    const plots = plan({ rules: [{ capacity: 400, max_orders: 50 }] }, '2027-01-04', '2027-01-06');
    expect(plots).toEqual(
      ['2027-01-04', '2027-01-05', '2027-01-06'].map((date) => ({
        date,
        start: null,
        end: null,
        capacity: 400,
        maxOrders: 50,
        priceKind: null,
        priceCents: null,
        audiencePrices: {},
        selectable: true,
      })),
    );
  });

  it('gives an all-day plot its closing time: the rule’s, or the exception’s for that date', () => {
    const plots = plan(
      {
        rules: [
          { days: ['mon', 'tue'], capacity: null, closes: '18:00' },
          { days: ['wed'], capacity: null },
        ],
        exceptions: [{ date: '2027-01-05', closes: '15:00', note: 'Closes early' }],
      },
      '2027-01-04',
      '2027-01-06',
    );
    expect(times(plots)).toEqual([
      '2027-01-04 all-day-18:00',
      '2027-01-05 all-day-15:00',
      '2027-01-06 all-day',
    ]);
  });

  it('refuses a closing time beside slots: a slot stops selling at its start', () => {
    const problems = scheduleProblems(
      schedule({
        rules: [{ capacity: 1, closes: '18:00', slots: [{ start: '10:00' }] }],
        exceptions: [{ date: '2027-01-05', closes: '15:00', slots: [{ start: '11:00' }] }],
      }),
      [],
    );
    expect(problems.map((p) => [p.path.join('.'), p.code])).toEqual([
      ['rules.0.closes', 'CLOSES_WITH_SLOTS'],
      ['exceptions.0.closes', 'CLOSES_WITH_SLOTS'],
    ]);
  });

  it('keeps to a rule from/until (inclusive) and lets a later rule take over', () => {
    const plots = plan(
      {
        rules: [
          { until: '2027-01-05', slots: [{ start: '10:00', end: '11:00' }], capacity: 10 },
          { from: '2027-01-06', slots: [{ start: '14:00', end: '15:00' }], capacity: 20 },
        ],
      },
      '2027-01-04',
      '2027-01-07',
    );
    expect(times(plots)).toEqual([
      '2027-01-04 10:00-11:00',
      '2027-01-05 10:00-11:00',
      '2027-01-06 14:00-15:00',
      '2027-01-07 14:00-15:00',
    ]);
  });

  it('lets the first rule win a start two rules share on a date', () => {
    const plots = plan(
      {
        rules: [
          { days: ['sat'], slots: [{ start: '10:00', end: '11:00' }], capacity: 50 },
          {
            slots: [
              { start: '10:00', end: '12:00' },
              { start: '14:00', end: '15:00' },
            ],
            capacity: 10,
          },
        ],
      },
      '2027-01-09',
      '2027-01-09',
    );
    expect(plots.map((p) => [p.start, p.end, p.capacity])).toEqual([
      ['10:00', '11:00', 50],
      ['14:00', '15:00', 10],
    ]);
  });

  it('applies exceptions: closed, unselectable, replaced slots and capacity', () => {
    const plots = plan(
      {
        rules: [
          {
            slots: [
              { start: '10:00', end: '11:00' },
              { start: '14:00', end: '15:00' },
            ],
            capacity: 30,
          },
        ],
        exceptions: [
          { date: '2027-01-04', closed: true },
          { date: '2027-01-05', unselectable: true, note: 'private event' },
          {
            date: '2027-01-06',
            slots: [
              { start: '12:00', minutes: 30 },
              { start: '16:00', capacity: 5 },
            ],
          },
          { date: '2027-01-07', capacity: 8 },
        ],
      },
      '2027-01-04',
      '2027-01-07',
    );
    expect(plots.map((p) => [p.date, p.start, p.end, p.capacity, p.selectable])).toEqual([
      ['2027-01-05', '10:00', '11:00', 30, false],
      ['2027-01-05', '14:00', '15:00', 30, false],
      ['2027-01-06', '12:00', '12:30', 30, true],
      ['2027-01-06', '16:00', null, 5, true],
      ['2027-01-07', '10:00', '11:00', 8, true],
      ['2027-01-07', '14:00', '15:00', 8, true],
    ]);
  });

  it('opens a day the rules leave closed when an exception gives it slots', () => {
    // Mondays are closed; Monday 2027-01-04 opens for one evening slot.
    const plots = plan(
      {
        rules: [{ days: ['tue', 'wed'], slots: [{ start: '10:00' }], capacity: 12, max_orders: 3 }],
        exceptions: [{ date: '2027-01-04', slots: [{ start: '19:00', end: '21:00' }] }],
      },
      '2027-01-04',
      '2027-01-05',
    );
    expect(plots.map((p) => [p.date, p.start, p.end, p.capacity, p.maxOrders])).toEqual([
      ['2027-01-04', '19:00', '21:00', 12, 3],
      ['2027-01-05', '10:00', null, 12, 3],
    ]);
  });

  it('makes nothing in a closure (inclusive), whatever an exception says', () => {
    const plots = plan(
      {
        rules: [{ capacity: 100 }],
        exceptions: [{ date: '2027-01-05', slots: [{ start: '10:00' }] }],
        closures: [{ from: '2027-01-05', until: '2027-01-06', note: 'winter break' }],
      },
      '2027-01-04',
      '2027-01-07',
    );
    expect(plots.map((p) => p.date)).toEqual(['2027-01-04', '2027-01-07']);
  });

  it('gives a slot its own capacity (null: no limit) and price over the rule', () => {
    const plots = plan(
      {
        rules: [
          {
            slots: [
              { start: '10:00', end: '11:00' },
              { start: '13:00', end: '14:00', capacity: null },
              { start: '19:00', end: '20:00', capacity: 6, price: { kind: 'TIMESLOT', price: 32.5 } },
            ],
            capacity: 40,
            price: { kind: 'DAY', price: 25 },
          },
        ],
      },
      '2027-01-04',
      '2027-01-04',
    );
    expect(plots.map((p) => [p.start, p.capacity, p.priceKind, p.priceCents])).toEqual([
      ['10:00', 40, 'DAY', 2500],
      ['13:00', null, 'DAY', 2500],
      ['19:00', 6, 'TIMESLOT', 3250],
    ]);
  });

  it('gives a DYNAMIC product its price per plot (kind DYNAMIC), per weekday rule', () => {
    const plots = plan(
      {
        rules: [
          {
            days: ['thu'],
            slots: [{ start: '20:00' }],
            capacity: 120,
            price: { kind: 'DYNAMIC', price: 29.5 },
          },
          {
            days: ['sat'],
            slots: [{ start: '20:00' }],
            capacity: 120,
            price: { kind: 'DYNAMIC', price: 37.5 },
          },
        ],
      },
      '2027-01-04',
      '2027-01-10',
    );
    expect(plots.map((p) => [p.date, p.priceKind, p.priceCents])).toEqual([
      ['2027-01-07', 'DYNAMIC', 2950],
      ['2027-01-09', 'DYNAMIC', 3750],
    ]);
  });

  it('gives AUDIENCE prices in cents by audience key, no per-ticket price', () => {
    const [plot] = plan(
      { rules: [{ capacity: 20, price: { kind: 'AUDIENCE', audiences: { adult: 24.5, child: 12.25 } } }] },
      '2027-01-04',
      '2027-01-04',
    );
    expect(plot).toMatchObject({
      priceKind: 'AUDIENCE',
      priceCents: null,
      audiencePrices: { adult: 2450, child: 1225 },
    });
  });

  it('refuses AUDIENCE prices for an audience the product does not have, naming it', () => {
    const input = {
      rules: [
        { capacity: 20, slots: [{ start: '10:00', price: { kind: 'AUDIENCE', audiences: { senior: 17 } } }] },
      ],
    };
    expect(() => plan(input, '2027-01-04', '2027-01-04')).toThrow(ScheduleError);
    expect(scheduleProblems(schedule(input), ['adult'])).toEqual([
      expect.objectContaining({
        code: 'UNKNOWN_AUDIENCE',
        path: ['rules', 0, 'slots', 0, 'price', 'audiences', 'senior'],
      }),
    ]);
  });

  it('finds reversed ranges, impossible dates, bad slots and doubled exceptions', () => {
    const problems = scheduleProblems(
      schedule({
        rules: [
          {
            from: '2027-02-30',
            until: '2027-01-01',
            slots: [
              { start: '10:00', end: '09:00' },
              { start: '23:00', minutes: 90 },
            ],
            capacity: 1,
          },
        ],
        exceptions: [
          { date: '2027-01-04', closed: true },
          { date: '2027-01-04', unselectable: true },
        ],
        closures: [{ from: '2027-01-10', until: '2027-01-09' }],
      }),
      [],
    );
    expect(problems.map((p) => p.code).sort()).toEqual([
      'DUPLICATE_EXCEPTION',
      'INVALID_DATE',
      'RANGE_REVERSED',
      'RANGE_REVERSED',
      'SLOT_END_NOT_AFTER_START',
      'SLOT_PAST_MIDNIGHT',
    ]);
  });

  it('keeps the window at today and the next window_days − 1 days', () => {
    expect(scheduleWindow(schedule({ window_days: 90, rules: [{ capacity: 1 }] }), '2027-03-01')).toEqual({
      from: '2027-03-01',
      until: '2027-05-29',
    });
  });

  describe('across the DST changes in Europe/Amsterdam', () => {
    const nightly = {
      rules: [
        {
          slots: [
            { start: '01:30', minutes: 60 },
            { start: '02:30', minutes: 60 },
            { start: '03:30', minutes: 60 },
            { start: '10:00', minutes: 90 },
          ],
          capacity: 10,
        },
      ],
    };

    it('keeps 10:00 at 10:00 and moves the 02:30 slot the spring change skips to 03:30 — dropped as 03:30 exists', () => {
      // Sunday 2027-03-28: clocks go from 02:00 to 03:00.
      const plots = plan(nightly, '2027-03-27', '2027-03-29');
      expect(times(plots)).toEqual([
        '2027-03-27 01:30-02:30',
        '2027-03-27 02:30-03:30',
        '2027-03-27 03:30-04:30',
        '2027-03-27 10:00-11:30',
        // 01:30 CET to 03:30 CEST is one hour; 02:30 does not exist, and 03:30 is a slot of its own.
        '2027-03-28 01:30-03:30',
        '2027-03-28 03:30-04:30',
        '2027-03-28 10:00-11:30',
        '2027-03-29 01:30-02:30',
        '2027-03-29 02:30-03:30',
        '2027-03-29 03:30-04:30',
        '2027-03-29 10:00-11:30',
      ]);
    });

    it('moves a slot starting in the spring gap to after it, end and all, rather than losing it', () => {
      const plots = plan(
        {
          rules: [
            {
              slots: [{ start: '02:00', minutes: 60 }, { start: '02:30', end: '02:45' }, { start: '10:00' }],
              capacity: 4,
            },
          ],
        },
        '2027-03-28',
        '2027-03-28',
      );
      expect(times(plots)).toEqual(['2027-03-28 03:00-04:00', '2027-03-28 03:30-03:45', '2027-03-28 10:00']);
    });

    it('makes each slot once in the hour the autumn change repeats', () => {
      // Sunday 2027-10-31: clocks go from 03:00 back to 02:00.
      const plots = plan(nightly, '2027-10-30', '2027-11-01');
      expect(plots).toHaveLength(12);
      expect(times(plots.filter((p) => p.date === '2027-10-31'))).toEqual([
        '2027-10-31 01:30-02:30',
        '2027-10-31 02:30-03:30',
        '2027-10-31 03:30-04:30',
        '2027-10-31 10:00-11:30',
      ]);
      const keys = plots.map((p) => `${p.date} ${p.start}`);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('keeps a closing time on the clock face on the days of both changes', () => {
      const plots = plan({ rules: [{ capacity: null, closes: '18:00' }] }, '2027-03-28', '2027-03-28');
      const autumn = plan({ rules: [{ capacity: null, closes: '18:00' }] }, '2027-10-31', '2027-10-31');
      expect(times([...plots, ...autumn])).toEqual(['2027-03-28 all-day-18:00', '2027-10-31 all-day-18:00']);
      // A closing time the spring change skips moves forward, as a start does.
      expect(
        times(plan({ rules: [{ capacity: null, closes: '02:30' }] }, '2027-03-28', '2027-03-28')),
      ).toEqual(['2027-03-28 all-day-03:30']);
    });

    it('makes the same number of all-day plots through both changes', () => {
      const plots = plan({ rules: [{ capacity: 100 }] }, '2027-03-26', '2027-11-02');
      expect(plots).toHaveLength(222);
      expect(new Set(plots.map((p) => p.date)).size).toBe(222);
    });
  });
});
