/**
 * NUL, or half of a UTF-16 surrogate pair without its other half. PostgreSQL
 * stores neither in a text or jsonb value (it fails the whole statement), and
 * no person types either. Apart from the contract's `text()` so that rules
 * (and the storefront code using them) can check it without loading zod.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored and shown as it is: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}
