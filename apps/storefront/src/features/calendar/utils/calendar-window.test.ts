import { describe, expect, it } from 'vitest';
import { addDays, calendarWindow } from './calendar-window';

describe('calendarWindow', () => {
  it('runs from the organisation’s today to 60 days ahead', () => {
    expect(calendarWindow('Europe/Amsterdam', new Date('2026-11-22T12:00:00Z'))).toEqual({
      from: '2026-11-22',
      until: '2027-01-21',
    });
  });

  it('takes today in the organisation’s zone, not the browser’s or UTC', () => {
    // 23:30 UTC on 28 March is already 29 March in Amsterdam (and still 28th in New York).
    const now = new Date('2026-03-28T23:30:00Z');
    expect(calendarWindow('Europe/Amsterdam', now).from).toBe('2026-03-29');
    expect(calendarWindow('America/New_York', now).from).toBe('2026-03-28');
    expect(calendarWindow('Pacific/Kiritimati', now).from).toBe('2026-03-29');
  });

  it('counts whole days across a daylight-saving change', () => {
    // Amsterdam moves its clocks on 29 March 2026; the window still ends 60 days on.
    expect(calendarWindow('Europe/Amsterdam', new Date('2026-03-20T09:00:00Z'))).toEqual({
      from: '2026-03-20',
      until: '2026-05-19',
    });
  });
});

describe('addDays', () => {
  it('crosses month and year ends and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
