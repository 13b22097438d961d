/**
 * Server error codes as translation keys (docs/storefront.md §8.1):
 * errors.{code lowercased}, or errors.unexpected when the code has no message
 * of its own.
 */
import { texts } from './texts';
import type en from '../locales/en.json';

export type ErrorKey = keyof typeof en.errors;

export function errorKey(
  code: string | null | undefined,
  fallback: ErrorKey = 'unexpected',
): `errors.${ErrorKey}` {
  const key = (code ?? '').toLowerCase();
  // Only lower-case words: a code must not reach into another part of the dictionary.
  return /^[a-z0-9_]+$/.test(key) && texts.exists(`errors.${key}`)
    ? (`errors.${key}` as `errors.${ErrorKey}`)
    : `errors.${fallback}`;
}
