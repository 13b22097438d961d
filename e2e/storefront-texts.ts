import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The storefront's English texts (en.json is the key source), so tests find
 * elements by the words a visitor sees without copying them here.
 */
export const en: unknown = JSON.parse(
  readFileSync(fileURLToPath(new URL('../apps/storefront/src/locales/en.json', import.meta.url)), 'utf8'),
);

/** The text at a dotted key of en.json, e.g. text('not_found.title'); throws when the key is gone. */
export function text(key: string): string {
  let node: unknown = en;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`en.json has no text at ${key}`);
  return node;
}
