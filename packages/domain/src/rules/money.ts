/** Money is integer cents inside Kassa; the wire carries decimals with 2 places. */

/** 1250 → 12.5 */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** 12.499 → 1250: rounds to whole cents (docs/storefront.md §9.1: prices rounded to 2 decimals). */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100 + Number.EPSILON * Math.sign(amount));
}

/** Rounds a decimal amount to 2 decimals. */
export function roundAmount(amount: number): number {
  return centsToAmount(amountToCents(amount));
}
