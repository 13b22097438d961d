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
