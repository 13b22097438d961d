import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { dateOfDay, dayNumber, MAX_WINDOW_DAYS, plotWindow } from './plot-window.ts';
import { zonedNow } from './zoned-clock.ts';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

describe('plotWindow', () => {
  it('defaults to today until MAX_WINDOW_DAYS ahead', () => {
    expect(plotWindow('2026-03-11')).toEqual({ from: '2026-03-11', until: '2027-03-12' });
  });

  it('never starts before today', () => {
    expect(plotWindow('2026-03-11', '2026-01-01', '2026-03-20')).toEqual({
      from: '2026-03-11',
      until: '2026-03-20',
    });
  });

  it('measures the window from the served start, so an old filterFrom is harmless', () => {
    expect(codeOf(() => plotWindow('2026-03-11', '2000-01-01', '2026-04-11'))).toBeUndefined();
  });

  it('accepts exactly MAX_WINDOW_DAYS and refuses one more', () => {
    const from = dayNumber('2026-03-11')!;
    expect(
      codeOf(() => plotWindow('2026-03-11', undefined, dateOfDay(from + MAX_WINDOW_DAYS))),
    ).toBeUndefined();
    expect(codeOf(() => plotWindow('2026-03-11', undefined, dateOfDay(from + MAX_WINDOW_DAYS + 1)))).toBe(
      'WINDOW_TOO_LARGE',
    );
  });

  it.each(['2026-02-29', '2026-13-01', '2026-04-31', '0000-01-01'])('refuses the non-date %s', (date) => {
    expect(codeOf(() => plotWindow('2026-03-11', date))).toBe('INVALID_DATE');
  });

  it('crosses leap days and year ends', () => {
    expect(dateOfDay(dayNumber('2028-02-28')! + 1)).toBe('2028-02-29');
    expect(dateOfDay(dayNumber('2026-12-31')! + 1)).toBe('2027-01-01');
  });
});

describe('zonedNow', () => {
  it('reads the wall clock of the zone, across the date line and DST', () => {
    const instant = new Date('2026-03-10T22:30:00Z');
    expect(zonedNow(instant, 'Pacific/Auckland')).toEqual({ date: '2026-03-11', time: '11:30' });
    expect(zonedNow(instant, 'America/Los_Angeles')).toEqual({ date: '2026-03-10', time: '15:30' });
    expect(zonedNow(new Date('2026-07-01T22:30:00Z'), 'Europe/Amsterdam')).toEqual({
      date: '2026-07-02',
      time: '00:30',
    });
  });
});
