import { z } from 'zod';

/**
 * NUL, or half of a UTF-16 surrogate pair without its other half. PostgreSQL
 * stores neither in a text column (it fails the whole statement), and no
 * person types either, so the schema refuses them before they get that far.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored and shown as it is: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * The string schema of every route (requests and answers alike): z.string()
 * that refuses NUL bytes and lone surrogates with a 400 at the schema.
 * Chain .max(), .trim() and the like as on z.string().
 */
export function text() {
  return z.string().refine(isStorableText, { message: 'must not contain NUL or unpaired surrogates' });
}
