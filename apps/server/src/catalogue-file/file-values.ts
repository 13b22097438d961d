import type { CatalogueText } from '@kassa/domain/contract/catalogue-file';
import type { LocalizedText } from '../db/schema.ts';

const LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;

/** A file text as stored: a plain string belongs to the shop's default language. */
export function storedText(value: CatalogueText | undefined, defaultLanguage: string): LocalizedText {
  if (value === undefined) return {};
  if (typeof value === 'string') return value === '' ? {} : { [defaultLanguage]: value };
  const out: LocalizedText = {};
  for (const language of LANGUAGES) {
    const text = value[language];
    if (text !== undefined && text !== '') out[language] = text;
  }
  return out;
}

/** A stored text as the file writes it: a string when only the default language has one; none when empty. */
export function fileText(
  value: LocalizedText | null | undefined,
  defaultLanguage: string,
): CatalogueText | undefined {
  const entries = LANGUAGES.flatMap((language) => {
    const text = value?.[language];
    return text ? [[language, text] as const] : [];
  });
  if (entries.length === 0) return undefined;
  if (entries.length === 1 && entries[0]![0] === defaultLanguage) return entries[0]![1];
  return Object.fromEntries(entries);
}

/** Decimal money of the file to the database's integer cents. */
export function cents(price: number): number {
  return Math.round(price * 100);
}

export function decimal(amountCents: number): number {
  return amountCents / 100;
}

/** Leaves out keys without a value, rather than writing `key: undefined` or `key: null`. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}
