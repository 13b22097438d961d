import { describe, expect, it } from 'vitest';
import { addDays, isWeekend, todayIn, weekday } from './dates.ts';

describe('todayIn', () => {
  it('takes the date in the given zone, not the server zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/Amsterdam', now)).toBe('2027-01-01');
    expect(todayIn('America/New_York', now)).toBe('2026-12-31');
  });
});

describe('addDays', () => {
  it('crosses month, year and daylight-saving boundaries by whole days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('weekday', () => {
  it('names Saturday and Sunday as the weekend', () => {
    expect(weekday('2026-11-22')).toBe(0);
    expect(isWeekend('2026-11-21')).toBe(true);
    expect(isWeekend('2026-11-23')).toBe(false);
  });
});
