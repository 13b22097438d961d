/**
 * Public order references (decision 0104): what customers see and
 * type instead of the internal, sequential order id. Ten digits from a
 * CSPRNG and one Damm check digit (decimal table, totally anti-symmetric
 * quasigroup of order 10): every single mistyped digit and every swap of two
 * different neighbours changes the check, so a typo is answered before any
 * lookup. Shown grouped for reading aloud: `4821 0937 563`.
 */

/** Random digits per reference; the check digit makes it ORDER_REFERENCE_LENGTH. */
export const ORDER_REFERENCE_RANDOM_DIGITS = 10;
export const ORDER_REFERENCE_LENGTH = ORDER_REFERENCE_RANDOM_DIGITS + 1;

/** Damm's table (H. M. Damm, 2004): row = interim digit, column = next digit. */
const DAMM_TABLE: readonly (readonly number[])[] = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

function dammInterim(digits: string): number {
  let interim = 0;
  for (const digit of digits) interim = DAMM_TABLE[interim]![Number(digit)]!;
  return interim;
}

/** The Damm check digit of a string of digits. */
export function dammCheckDigit(digits: string): string {
  return String(dammInterim(digits));
}

/**
 * What a person typed, as a reference: digits only (spaces, dashes, dots and a
 * leading # dropped), or undefined when it is not 11 digits or its check
 * digit does not match.
 */
export function parseOrderReference(typed: string | number): string | undefined {
  const digits = String(typed)
    .trim()
    .replace(/^#/, '')
    .replace(/[\s.-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length !== ORDER_REFERENCE_LENGTH) return undefined;
  return dammInterim(digits) === 0 ? digits : undefined;
}

/** `48210937563` as `4821 0937 563`. */
export function formatOrderReference(reference: string): string {
  return [reference.slice(0, 4), reference.slice(4, 8), reference.slice(8)].filter(Boolean).join(' ');
}

/**
 * A new reference from `randomBytes` (the server's crypto.randomBytes):
 * ten uniform digits (bytes ≥ 250 are skipped, so no digit is likelier than
 * another), then the check digit.
 */
export function newOrderReference(randomBytes: (size: number) => Uint8Array): string {
  let digits = '';
  while (digits.length < ORDER_REFERENCE_RANDOM_DIGITS) {
    for (const byte of randomBytes(16)) {
      if (byte < 250 && digits.length < ORDER_REFERENCE_RANDOM_DIGITS) digits += String(byte % 10);
    }
  }
  return digits + dammCheckDigit(digits);
}
