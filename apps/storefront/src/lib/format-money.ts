/** Prices on the wire are decimals (spec §9, 2 decimals); shown in the shop's currency. */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string, language: string): string {
  const key = `${language}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

const compactFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A price where room is tight (calendar days on a phone): whole amounts
 * without decimals ("€ 45"), others as formatMoney does.
 */
export function formatCompactMoney(amount: number, currency: string, language: string): string {
  if (!Number.isInteger(amount)) return formatMoney(amount, currency, language);
  const key = `${language}|${currency}`;
  let formatter = compactFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 });
    compactFormatters.set(key, formatter);
  }
  return formatter.format(amount);
}
