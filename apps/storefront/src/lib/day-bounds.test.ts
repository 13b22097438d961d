import { describe, expect, it } from 'vitest';
import { zoneDayAt } from './day-bounds';

const at = (iso: string) => Date.parse(iso);

describe("the organisation's day around an instant", () => {
  it('is 24 hours on an ordinary day, from local midnight', () => {
    expect(zoneDayAt('Europe/Amsterdam', at('2026-11-26T15:42:10Z'))).toEqual({
      date: '2026-11-26',
      from: at('2026-11-25T23:00:00Z'),
      until: at('2026-11-26T23:00:00Z'),
    });
    expect(zoneDayAt('Asia/Tokyo', at('2026-11-26T15:42:10Z')).date).toBe('2026-11-27');
  });

  it('is 23 hours when the clocks go forward and 25 when they go back', () => {
    const spring = zoneDayAt('Europe/Amsterdam', at('2026-03-29T12:00:00Z'));
    expect(spring).toEqual({
      date: '2026-03-29',
      from: at('2026-03-28T23:00:00Z'),
      until: at('2026-03-29T22:00:00Z'),
    });
    const autumn = zoneDayAt('Europe/Amsterdam', at('2026-10-25T00:30:00Z'));
    expect(autumn).toEqual({
      date: '2026-10-25',
      from: at('2026-10-24T22:00:00Z'),
      until: at('2026-10-25T23:00:00Z'),
    });
  });

  it('starts at the first minute of the day and ends where the next begins', () => {
    const day = zoneDayAt('America/New_York', at('2026-11-26T05:00:00Z'));
    expect(day.date).toBe('2026-11-26');
    expect(zoneDayAt('America/New_York', day.from).date).toBe('2026-11-26');
    expect(zoneDayAt('America/New_York', day.from - 1).date).toBe('2026-11-25');
    expect(zoneDayAt('America/New_York', day.until).date).toBe('2026-11-27');
  });
});
