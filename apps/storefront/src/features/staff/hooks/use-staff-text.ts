/**
 * The staff pages' words: their own namespace of the texts ('staff'), loaded
 * with the staff chunk, so none of it rides in the shop's dictionaries or
 * home route (decision 0093). Keys are typed from en.json like the shop's.
 */
import { useCallback } from 'react';
import type { Language } from '@/lib/language';
import { texts } from '@/lib/texts';
import { useTranslation } from '@/lib/use-translation';
import type en from '../locales/en.json';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type StaffKey = Leaves<typeof en>;
export type StaffText = (key: StaffKey, values?: Record<string, string | number>) => string;

const loaders: Record<Language, () => Promise<{ default: typeof en }>> = {
  en: () => import('../locales/en.json'),
  nl: () => import('../locales/nl.json'),
  es: () => import('../locales/es.json'),
  de: () => import('../locales/de.json'),
  fr: () => import('../locales/fr.json'),
};

/** Adds the staff texts of `language` (and English, the fallback) to the texts once. */
export async function loadStaffTexts(language: Language): Promise<void> {
  for (const code of new Set<Language>(['en', language])) {
    if (texts.hasResourceBundle(code, 'staff')) continue;
    texts.addResourceBundle(code, 'staff', (await loaders[code]()).default);
  }
}

export function useStaffText(): StaffText {
  // Subscribing to i18n re-renders the page when the language changes.
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    // The shop's key types cover the default namespace only; StaffKey types this one.
    (key, values) => texts.getFixedT(language, 'staff')(key, values),
    [language],
  );
}

/** errors.<code lowercased> of the staff texts, or errors.unexpected. */
export function staffErrorKey(code: string | undefined): StaffKey {
  const key = (code ?? '').toLowerCase();
  return /^[a-z0-9_]+$/.test(key) && texts.exists(`staff:errors.${key}`)
    ? (`errors.${key}` as StaffKey)
    : 'errors.unexpected';
}
