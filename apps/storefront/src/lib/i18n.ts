/**
 * The shop's texts (lib/texts.ts). Each language, English included, is its
 * own chunk, loaded before it is shown: a visitor downloads one dictionary,
 * and the texts of every later flow stay out of the home route's JS. English
 * is the key source and the fallback; the parity test keeps the five files
 * complete.
 */
import type en from '../locales/en.json';
import { setActiveLanguage, storeLanguage, type Language } from './language';
import { texts, type Texts } from './texts';

type Resources = typeof en;

const loaders: Record<Language, () => Promise<{ default: Resources }>> = {
  en: () => import('../locales/en.json'),
  nl: () => import('../locales/nl.json'),
  es: () => import('../locales/es.json'),
  de: () => import('../locales/de.json'),
  fr: () => import('../locales/fr.json'),
};

async function ensureResources(language: Language): Promise<void> {
  if (texts.hasResourceBundle(language, 'translation')) return;
  const { default: resources } = await loaders[language]();
  texts.addResourceBundle(language, 'translation', resources);
}

function reflect(language: Language): void {
  setActiveLanguage(language);
  document.documentElement.lang = language;
}

export async function initI18n(language: Language): Promise<Texts> {
  await ensureResources(language);
  texts.changeLanguage(language);
  reflect(language);
  return texts;
}

/** Switches the UI language, remembers the choice, and updates <html lang>. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureResources(language);
  storeLanguage(language);
  reflect(language);
  texts.changeLanguage(language);
}
