/**
 * Issued voucher codes as people type them. Codes compare case-insensitively
 * and ignore spaces and dashes, so `abcd-efgh 2345` finds `ABCDEFGH2345`.
 */

/** Longer input cannot be a code; refusing it early keeps lookups cheap. */
export const VOUCHER_CODE_MAX_LENGTH = 64;
/** Codes carry ≥80 bits (docs/architecture.md, "Secrets"); anything this short is a typo. */
export const VOUCHER_CODE_MIN_LENGTH = 4;

/** Removes whitespace and dashes and upper-cases: the form codes are compared in. */
export function normaliseVoucherCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * True when a normalised code could be an issued one: 4 to 64 letters A–Z and
 * digits. The server answers a malformed code exactly like an unknown one.
 */
export function isWellFormedVoucherCode(normalised: string): boolean {
  return (
    normalised.length >= VOUCHER_CODE_MIN_LENGTH &&
    normalised.length <= VOUCHER_CODE_MAX_LENGTH &&
    /^[A-Z0-9]+$/.test(normalised)
  );
}
