import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOnSale, salesEndAt } from './sales-end.ts';
import { instantOfWallClock } from './wall-clock.ts';

const AMSTERDAM = 'Europe/Amsterdam';
const day = { timeslots: false, salesEndMinutes: 0 };
const slots = { timeslots: true, salesEndMinutes: 0 };
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

// The host's zone must play no part: every case runs with the process in UTC and in New York.
describe.each(['UTC', 'America/New_York'])('sales end with the host in %s', (hostZone) => {
  beforeEach(() => {
    vi.stubEnv('TZ', hostZone);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('ends a day at its closing time in the shop’s zone', () => {
    const zoo = { date: '2026-07-01', start: null, end: '18:00:00' };
    expect(iso(salesEndAt(zoo, day, AMSTERDAM))).toBe('2026-07-01T16:00:00.000Z');
    expect(isOnSale(zoo, day, Date.parse('2026-07-01T17:59:00+02:00'), AMSTERDAM)).toBe(true);
    expect(isOnSale(zoo, day, Date.parse('2026-07-01T18:00:00+02:00'), AMSTERDAM)).toBe(false);
    expect(isOnSale(zoo, day, Date.parse('2026-07-01T22:45:00+02:00'), AMSTERDAM)).toBe(false);
  });

  it('ends a day without a closing time at the midnight that ends it', () => {
    const plot = { date: '2026-07-01', start: null, end: null };
    expect(iso(salesEndAt(plot, day, AMSTERDAM))).toBe('2026-07-01T22:00:00.000Z');
    expect(iso(salesEndAt(plot, day, 'Pacific/Auckland'))).toBe('2026-07-01T12:00:00.000Z');
  });

  it('ends a time slot at its start, not its end; a day product ignores a start', () => {
    const slot = { date: '2026-07-01', start: '14:30', end: '16:00' };
    expect(iso(salesEndAt(slot, slots, AMSTERDAM))).toBe('2026-07-01T12:30:00.000Z');
    expect(iso(salesEndAt(slot, day, AMSTERDAM))).toBe('2026-07-01T14:00:00.000Z');
  });

  it('ends sales_end_minutes earlier, across the day when it must', () => {
    const slot = { date: '2026-07-02', start: '09:00', end: null };
    expect(iso(salesEndAt(slot, { timeslots: true, salesEndMinutes: 24 * 60 }, AMSTERDAM))).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });

  it('never ends an open plot', () => {
    expect(salesEndAt({ date: null, start: null, end: null }, day, AMSTERDAM)).toBeNull();
    expect(isOnSale({ date: null, start: null, end: null }, day, Date.now(), AMSTERDAM)).toBe(true);
  });

  // 28 March 2027: Amsterdam goes from 02:00 CET to 03:00 CEST.
  it('counts minutes before a start in real time across the spring change', () => {
    const early = { date: '2027-03-28', start: '03:30', end: null };
    // 03:30 CEST is 01:30 UTC; two real hours earlier is 23:30 UTC, 00:30 CET (the clock says 01:30 less one hour).
    const end = salesEndAt(early, { timeslots: true, salesEndMinutes: 120 }, AMSTERDAM);
    expect(iso(end)).toBe('2027-03-27T23:30:00.000Z');
    expect(
      isOnSale(
        early,
        { timeslots: true, salesEndMinutes: 120 },
        Date.parse('2027-03-28T00:45:00+01:00'),
        AMSTERDAM,
      ),
    ).toBe(false);
    // A closing time on the day of the change is that wall-clock time.
    expect(iso(salesEndAt({ date: '2027-03-28', start: null, end: '18:00' }, day, AMSTERDAM))).toBe(
      '2027-03-28T16:00:00.000Z',
    );
  });

  it('reads a start in the spring gap as the moment it moves to', () => {
    expect(iso(salesEndAt({ date: '2027-03-28', start: '02:30', end: null }, slots, AMSTERDAM))).toBe(
      '2027-03-28T01:30:00.000Z',
    );
  });

  // 31 October 2027: Amsterdam goes from 03:00 CEST back to 02:00 CET; 02:00–03:00 happens twice.
  it('reads a start in the repeated autumn hour as its first occurrence, and midnight after the change', () => {
    expect(iso(salesEndAt({ date: '2027-10-31', start: '02:30', end: null }, slots, AMSTERDAM))).toBe(
      '2027-10-31T00:30:00.000Z',
    );
    expect(iso(salesEndAt({ date: '2027-10-31', start: null, end: '18:00' }, day, AMSTERDAM))).toBe(
      '2027-10-31T17:00:00.000Z',
    );
    // The day of the change has 25 hours: it ends at 23:00 UTC, not 22:00.
    expect(iso(salesEndAt({ date: '2027-10-31', start: null, end: null }, day, AMSTERDAM))).toBe(
      '2027-10-31T23:00:00.000Z',
    );
  });
});

describe('instantOfWallClock', () => {
  it('is the inverse of the wall clock for times that exist once', () => {
    expect(iso(instantOfWallClock('2026-01-15', '10:00', AMSTERDAM))).toBe('2026-01-15T09:00:00.000Z');
    expect(iso(instantOfWallClock('2026-03-11', '11:30', 'Pacific/Auckland'))).toBe(
      '2026-03-10T22:30:00.000Z',
    );
    expect(iso(instantOfWallClock('2027-03-28', '01:30', AMSTERDAM))).toBe('2027-03-28T00:30:00.000Z');
    expect(iso(instantOfWallClock('2027-03-28', '03:00', AMSTERDAM))).toBe('2027-03-28T01:00:00.000Z');
  });
});
