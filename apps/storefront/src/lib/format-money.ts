import { printedText } from './printed-texts';

/** Prices on the wire are decimals (docs/storefront.md §9.1, 2 decimals); shown in the shop's currency. */
const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter's amounts: as the server render printed them when it did (decision 0286), else by Intl. */
interface MoneyFormat {
  format(amount: number): string;
}

function intlFormatter(key: string, language: string, currency: string, fractionDigits: 0 | 2) {
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

function formatter(language: string, currency: string, fractionDigits: 0 | 2): MoneyFormat {
  const key = `${language}|${currency}|${fractionDigits}`;
  return {
    format: (amount) =>
      printedText(`money|${key}|${amount}`, () =>
        intlFormatter(key, language, currency, fractionDigits).format(amount),
      ),
  };
}

export function formatMoney(amount: number, currency: string, language: string): string {
  return formatter(language, currency, 2).format(amount);
}

/**
 * The decimals one list of prices shows (decision 0143): none when every amount
 * is whole, two for all of them otherwise, so "€75" never stands beside
 * "€67.50" in the same list.
 */
export function sharedFractionDigits(amounts: Iterable<number>): 0 | 2 {
  for (const amount of amounts) if (!Number.isInteger(amount)) return 2;
  return 0;
}

/**
 * A formatter for one list of prices where room is tight (calendar days on
 * a phone): whole amounts go without decimals ("€ 45") only when every
 * amount of the list is whole; otherwise every amount shows two.
 */
export function compactMoneyFormat(
  amounts: Iterable<number>,
  currency: string,
  language: string,
): (amount: number) => string {
  const shared = formatter(language, currency, sharedFractionDigits(amounts));
  return (amount) => shared.format(amount);
}

/** The longest amount a phone's day cell holds beside the currency sign at 12 px ("22.50"). */
const CELL_NUMBER_CHARS = 5;

/** Day prices as a narrow calendar cell shows them, and the currency when the cells leave it out. */
export interface CellMoney {
  format: (amount: number) => string;
  /** The currency's sign ("€") when the cells show bare numbers; the calendar then names it once. */
  currencyOutside: string | null;
}

/**
 * Prices for a calendar's day cells (decision 0143): as compactMoneyFormat, but
 * when an amount would be longer than a phone's 44 px day holds with its sign
 * ("€ 112,50"), every cell shows the bare number ("112,50") and the calendar
 * says once which currency they are in. Amounts are never rounded.
 */
export function dayCellMoney(amounts: readonly number[], currency: string, language: string): CellMoney {
  const digits = sharedFractionDigits(amounts);
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  if (!amounts.some((amount) => number.format(amount).length > CELL_NUMBER_CHARS)) {
    return { format: compactMoneyFormat(amounts, currency, language), currencyOutside: null };
  }
  const sign = new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value;
  return { format: (amount) => number.format(amount), currencyOutside: sign ?? currency };
}
