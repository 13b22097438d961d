import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatTime, todayIn } from './format-date';
import { compactMoneyFormat, dayCellMoney, formatMoney, sharedFractionDigits } from './format-money';

// vitest.config.ts runs these in Pacific/Kiritimati (UTC+14), so any use of
// the machine's zone would shift the results below by a day.
describe('formatting in the organisation time zone', () => {
  const instant = new Date('2026-03-01T22:30:00Z');

  it('formats times in the shop zone, not the browser zone', () => {
    expect(formatTime(instant, 'Europe/Amsterdam')).toBe('23:30');
    expect(formatTime(instant, 'America/New_York')).toBe('17:30');
  });

  it('formats dates in the shop date format and zone', () => {
    expect(formatDate(instant, 'Europe/Amsterdam', 'DD-MM-YYYY')).toBe('01-03-2026');
    expect(formatDate(instant, 'Asia/Tokyo', 'YYYY-MM-DD')).toBe('2026-03-02');
  });

  it('keeps a YYYY-MM-DD day as it is, whatever the zones', () => {
    expect(formatDate('2026-12-05', 'America/Los_Angeles', 'DD/MM/YYYY')).toBe('05/12/2026');
    expect(formatLongDate('2026-12-05', 'Pacific/Honolulu', 'en-GB')).toBe('Saturday, 5 December 2026');
    expect(formatLongDate('2026-12-05', 'Pacific/Honolulu', 'nl')).toBe('zaterdag 5 december 2026');
    // Plain English is written day before month, like the calendars.
    expect(formatLongDate('2026-12-05', 'Pacific/Honolulu', 'en')).toBe('Saturday, 5 December 2026');
  });

  it("computes the shop's today", () => {
    expect(todayIn('Europe/Amsterdam', instant)).toBe('2026-03-01');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-03-02');
  });
});

describe('money', () => {
  // Intl separates symbol and amount with a no-break space.
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('formats in the shop currency and the visitor language', () => {
    expect(plain(formatMoney(12.5, 'EUR', 'nl'))).toBe('€ 12,50');
    expect(formatMoney(12.5, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney(1234, 'GBP', 'en')).toBe('£1,234.00');
    expect(plain(formatMoney(0.1 + 0.2, 'EUR', 'de'))).toBe('0,30 €');
  });

  it('drops the decimals where room is tight only when every amount of the list is whole', () => {
    const whole = compactMoneyFormat([45, 60], 'EUR', 'nl');
    expect(plain(whole(45))).toBe('€ 45');
    expect(compactMoneyFormat([1234], 'GBP', 'en')(1234)).toBe('£1,234');
  });

  it('shows every price of one list with the same decimals (decision 0143: no "€75" beside "€67.50")', () => {
    const format = compactMoneyFormat([75, 67.5, 120], 'EUR', 'en');
    expect([75, 67.5, 120].map(format)).toEqual(['€75.00', '€67.50', '€120.00']);
    expect(sharedFractionDigits([75, 120])).toBe(0);
    expect(sharedFractionDigits([75, 67.5])).toBe(2);
    expect(sharedFractionDigits([])).toBe(0);
  });

  it('leaves the sign out of day cells only when an amount would not fit beside it', () => {
    const short = dayCellMoney([22.5, 45], 'EUR', 'nl');
    expect(short.currencyOutside).toBeNull();
    expect(plain(short.format(22.5))).toBe('€ 22,50');
    // Five tickets of €22.50: "€ 112,50" does not fit a phone's day; "112,50" does, and the sign is said once.
    const long = dayCellMoney([22.5, 112.5], 'EUR', 'nl');
    expect(long.currencyOutside).toBe('€');
    expect([22.5, 112.5].map(long.format)).toEqual(['22,50', '112,50']);
    expect(dayCellMoney([1250], 'GBP', 'en')).toMatchObject({ currencyOutside: null });
    expect(dayCellMoney([12500], 'GBP', 'en').format(12500)).toBe('12,500');
  });
});
