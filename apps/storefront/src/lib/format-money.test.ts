import { describe, expect, it } from 'vitest';
import { formatMoney, recordPrintedAmounts, seedPrintedAmounts } from './format-money';

describe('amounts printed by a server render (decision 0286)', () => {
  it('records what a render printed, once per amount and formatter', () => {
    const take = recordPrintedAmounts();
    formatMoney(12.5, 'EUR', 'en');
    formatMoney(12.5, 'EUR', 'en');
    formatMoney(3, 'GBP', 'en');
    expect(take()).toEqual([
      ['en|EUR|2|12.5', '€12.50'],
      ['en|GBP|2|3', '£3.00'],
    ]);
    // Nothing after the render is recorded.
    const next = recordPrintedAmounts();
    expect(next()).toEqual([]);
    formatMoney(4, 'EUR', 'en');
    expect(next()).toEqual([]);
  });

  it('prints the seeded amounts as the server did, and others with Intl', () => {
    seedPrintedAmounts([['fr|CHF|2|42.5', 'CHF 42,50 (as printed)']]);
    expect(formatMoney(42.5, 'CHF', 'fr')).toBe('CHF 42,50 (as printed)');
    expect(formatMoney(42.25, 'CHF', 'fr')).toMatch(/^42,25\sCHF$/);
  });
});
