import { describe, expect, it } from 'vitest';
import { formatLongDate, knowRenderedDay, todayIn } from './format-date';
import { formatMoney } from './format-money';
import { printedTextsRecorder, seedPrintedTexts } from './printed-texts';

describe('texts printed by a server render (decision 0286)', () => {
  it('records what a render printed with Intl, once per text', () => {
    const recorder = printedTextsRecorder();
    const longDate = recorder.during(() => {
      formatMoney(12.5, 'EUR', 'en');
      formatMoney(12.5, 'EUR', 'en');
      formatMoney(3, 'GBP', 'en');
      return formatLongDate('2026-12-05', 'Europe/Amsterdam', 'en');
    });
    expect(longDate).toMatch(/^Saturday,? 5 December 2026$/);
    expect(recorder.texts()).toEqual([
      ['money|en|EUR|2|12.5', '€12.50'],
      ['money|en|GBP|2|3', '£3.00'],
      ['long-date|en|2026-12-05', longDate],
    ]);
    // Nothing outside the render is recorded.
    formatMoney(4, 'EUR', 'en');
    expect(recorder.texts()).toHaveLength(3);
  });

  it('keeps two renders that interleave across an await apart', async () => {
    const first = printedTextsRecorder();
    const second = printedTextsRecorder();
    first.during(() => formatMoney(1, 'EUR', 'nl'));
    // The first render waits for data; the second renders meanwhile, then the first renders again.
    await Promise.resolve();
    second.during(() => formatMoney(2, 'EUR', 'nl'));
    first.during(() => formatMoney(3, 'EUR', 'nl'));
    expect(first.texts().map(([key]) => key)).toEqual(['money|nl|EUR|2|1', 'money|nl|EUR|2|3']);
    expect(second.texts().map(([key]) => key)).toEqual(['money|nl|EUR|2|2']);
  });

  it('prints the seeded texts as the server did, and others with Intl', () => {
    seedPrintedTexts([
      ['money|fr|CHF|2|42.5', 'CHF 42,50 (as printed)'],
      ['long-date|fr|2026-12-05', 'samedi 5 décembre 2026 (as printed)'],
    ]);
    expect(formatMoney(42.5, 'CHF', 'fr')).toBe('CHF 42,50 (as printed)');
    expect(formatMoney(42.25, 'CHF', 'fr')).toMatch(/^42,25\sCHF$/);
    expect(formatLongDate('2026-12-05', 'Europe/Paris', 'fr')).toBe('samedi 5 décembre 2026 (as printed)');
    expect(formatLongDate('2026-12-06', 'Europe/Paris', 'fr')).toBe('dimanche 6 décembre 2026');
  });

  it("takes the shop's today from the rendered page while the clock is on that day, in that zone", () => {
    // 23:30 UTC on 22 November is already the 23rd in Amsterdam.
    const from = Date.parse('2026-11-22T23:00:00Z');
    const until = Date.parse('2026-11-23T23:00:00Z');
    knowRenderedDay({ timeZone: 'Europe/Amsterdam', date: 'the rendered day', from, until });
    expect(todayIn('Europe/Amsterdam', new Date(from))).toBe('the rendered day');
    expect(todayIn('Europe/Amsterdam', new Date(until - 1))).toBe('the rendered day');
    expect(todayIn('Europe/Amsterdam', new Date(until))).toBe('2026-11-24');
    expect(todayIn('Europe/Amsterdam', new Date(from - 1))).toBe('2026-11-22');
    expect(todayIn('America/New_York', new Date(from))).toBe('2026-11-22');
  });
});
