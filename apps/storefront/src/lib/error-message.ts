/**
 * Server error codes as translation keys (spec §8): errors.{code lowercased},
 * or errors.unexpected when the code has no message of its own.
 */
import en from '../locales/en.json';

export type ErrorKey = keyof typeof en.errors;

function isErrorKey(key: string): key is ErrorKey {
  return Object.hasOwn(en.errors, key);
}

export function errorKey(
  code: string | null | undefined,
  fallback: ErrorKey = 'unexpected',
): `errors.${ErrorKey}` {
  const key = (code ?? '').toLowerCase();
  return `errors.${isErrorKey(key) ? key : fallback}`;
}
