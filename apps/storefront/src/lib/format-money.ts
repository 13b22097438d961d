/** Prices on the wire are decimals (spec §9, 2 decimals); shown in the shop's currency. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: string, currency: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${language}|${currency}|${fractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, found);
  }
  return found;
}

export function formatMoney(amount: number, currency: string, language: string): string {
  return formatter(language, currency, 2).format(amount);
}

/**
 * A price where room is tight (calendar days on a phone): whole amounts
 * without decimals ("€ 45"), others as formatMoney does.
 */
export function formatCompactMoney(amount: number, currency: string, language: string): string {
  return formatter(language, currency, Number.isInteger(amount) ? 0 : 2).format(amount);
}
