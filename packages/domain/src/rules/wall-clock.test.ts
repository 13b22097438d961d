import { describe, expect, it } from 'vitest';
import { calendarDateAt, instantOfWallClock, isTimeZone, wallClockAt, zonedTimestamp } from './wall-clock.ts';

const at = (iso: string) => Date.parse(iso);

describe('an instant on the shop’s wall clock', () => {
  it('reads the date and time in the shop’s zone, not the host’s', () => {
    expect(wallClockAt(at('2026-03-01T23:30:00Z'), 'Europe/Amsterdam')).toEqual({
      date: '2026-03-02',
      time: '00:30',
    });
    expect(wallClockAt(at('2026-03-01T23:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-01',
      time: '18:30',
    });
  });

  it('gives the shop’s calendar date, which differs from UTC’s around midnight', () => {
    expect(calendarDateAt(at('2026-12-31T23:30:00Z'), 'Europe/Amsterdam')).toBe('2027-01-01');
    expect(calendarDateAt(at('2026-12-31T23:30:00Z'), 'America/New_York')).toBe('2026-12-31');
    expect(calendarDateAt(at('2026-12-31T23:30:00Z'), 'UTC')).toBe('2026-12-31');
  });

  it('writes a timestamp with the offset of that day, seconds kept, milliseconds dropped', () => {
    expect(zonedTimestamp(at('2026-11-25T13:03:11.900Z'), 'Europe/Amsterdam')).toBe(
      '2026-11-25T14:03:11+01:00',
    );
    expect(zonedTimestamp(at('2026-07-01T12:00:00Z'), 'Europe/Amsterdam')).toBe('2026-07-01T14:00:00+02:00');
    expect(zonedTimestamp(at('2026-03-29T01:00:00Z'), 'Europe/Amsterdam')).toBe('2026-03-29T03:00:00+02:00');
    expect(zonedTimestamp(at('2026-01-15T03:30:00Z'), 'America/New_York')).toBe('2026-01-14T22:30:00-05:00');
    expect(zonedTimestamp(at('2026-05-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-05-01T05:30:00+05:30');
  });

  it('names the same instant in its timestamp as the wall clock it came from', () => {
    const instant = instantOfWallClock('2026-10-25', '02:30', 'Europe/Amsterdam');
    expect(Date.parse(zonedTimestamp(instant, 'Europe/Amsterdam'))).toBe(instant);
  });

  it('knows an IANA zone from a made-up one', () => {
    expect(isTimeZone('Europe/Amsterdam')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
  });
});
