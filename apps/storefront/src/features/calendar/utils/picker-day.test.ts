import { describe, expect, it } from 'vitest';
import { pickerDate, pickerDay } from './picker-day';

describe('picker days', () => {
  it('round-trips a shop day through the picker’s Date in the browser’s zone', () => {
    // The tests run in Pacific/Kiritimati (UTC+14): a UTC-based conversion would shift every day.
    for (const day of ['2026-11-22', '2026-03-29', '2026-10-25', '2028-02-29', '2026-12-31']) {
      const date = pickerDate(day);
      expect(date.getHours()).toBe(0);
      expect(pickerDay(date)).toBe(day);
    }
  });

  it('reads the day the picker shows, whatever the time of day', () => {
    expect(pickerDay(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
  });
});
