/**
 * i18next set-up. English is bundled (it is the key source and the fallback);
 * the other four languages are separate chunks, loaded before they are shown.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { setActiveLanguage, storeLanguage, type Language } from './language';

type Resources = typeof en;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Resources }>> = {
  nl: () => import('../locales/nl.json'),
  es: () => import('../locales/es.json'),
  de: () => import('../locales/de.json'),
  fr: () => import('../locales/fr.json'),
};

async function ensureResources(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const { default: resources } = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', resources);
}

function reflect(language: Language): void {
  setActiveLanguage(language);
  document.documentElement.lang = language;
}

export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  await ensureResources(language);
  await i18next.changeLanguage(language);
  reflect(language);
  return i18next;
}

/** Switches the UI language, remembers the choice, and updates <html lang>. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureResources(language);
  storeLanguage(language);
  reflect(language);
  await i18next.changeLanguage(language);
}
