import { z } from 'zod';
import { isStorableText } from '../rules/storable-text.ts';

// Still importable from here, where it was first defined.
export { isStorableText };

/**
 * The string schema of every route (requests and answers alike): z.string()
 * that refuses NUL bytes and lone surrogates with a 400 at the schema.
 * Chain .max(), .trim() and the like as on z.string().
 */
export function text() {
  return z.string().refine(isStorableText, { message: 'must not contain NUL or unpaired surrogates' });
}
