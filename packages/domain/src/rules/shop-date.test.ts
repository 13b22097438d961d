import { describe, expect, it } from 'vitest';
import { formatShopDate, shopDate } from './shop-date.ts';

describe('a shop day as printed', () => {
  it('follows the shop’s date format, never month-first unless the shop says so', () => {
    expect(formatShopDate('2026-12-05', 'DD-MM-YYYY')).toBe('05-12-2026');
    expect(formatShopDate('2026-12-05', 'MM-DD-YYYY')).toBe('12-05-2026');
    expect(formatShopDate('2026-12-05', 'YYYY-MM-DD')).toBe('2026-12-05');
  });

  it('starts with the weekday in the visitor’s language, whatever zone the host runs in', () => {
    expect(shopDate('2026-12-05', 'en', 'DD-MM-YYYY')).toBe('Saturday 05-12-2026');
    expect(shopDate('2026-12-05', 'nl', 'DD-MM-YYYY')).toBe('zaterdag 05-12-2026');
    expect(shopDate('2026-06-10', 'de', 'YYYY-MM-DD')).toBe('Mittwoch 2026-06-10');
  });
});
