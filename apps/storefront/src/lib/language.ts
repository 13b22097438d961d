/**
 * The visitor's language: one of the five of docs/storefront.md §1.3, chosen in
 * the header, remembered in localStorage, and sent to the server on every API
 * call.
 */
import { LANGUAGE_ALIASES, LANGUAGES, type Language } from '@kassa/domain/rules/constants';

export type { Language };
export { LANGUAGES };

const STORAGE_KEY = 'kassa.language';

/** 'nl-BE' → nl, 'ksh' → de (docs/storefront.md §1.3), unsupported → undefined. */
export function toLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const resolved = LANGUAGE_ALIASES[base] ?? base;
  return (LANGUAGES as readonly string[]).includes(resolved) ? (resolved as Language) : undefined;
}

/** The language the server is asked for (Accept-Language): ksh is sent as de. */
export function serverLanguage(code: string): Language {
  return toLanguage(code) ?? 'en';
}

/** The languages the shop offers, in the order of docs/storefront.md §1.3. */
export function offeredLanguages(shopLanguages: readonly string[]): Language[] {
  const offered = new Set(shopLanguages.map(toLanguage));
  const list = LANGUAGES.filter((language) => offered.has(language));
  return list.length > 0 ? list : [...LANGUAGES];
}

export function storedLanguage(): Language | undefined {
  try {
    return toLanguage(localStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined; // storage blocked (privacy mode): no remembered choice
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

/** `?lang=` of the address: a shared Dutch link opens in Dutch for that visit (the server wrote the page in it). */
export function urlLanguage(
  search: string = typeof location === 'undefined' ? '' : location.search,
): Language | undefined {
  return toLanguage(new URLSearchParams(search).get('lang'));
}

/** The browser's preferred languages (navigator.languages), most preferred first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * `?lang=` of the address, else the visitor's stored choice, else the first of
 * the browser's languages the shop offers (a first visit from a Dutch browser
 * reads Dutch), else the shop's default, else English.
 */
export function initialLanguage(
  shopLanguage: string,
  shopLanguages: readonly string[],
  search?: string,
  fromBrowser: readonly string[] = browserLanguages(),
): Language {
  const offered = offeredLanguages(shopLanguages);
  const fromUrl = urlLanguage(search);
  if (fromUrl && offered.includes(fromUrl)) return fromUrl;
  const stored = storedLanguage();
  if (stored && offered.includes(stored)) return stored;
  const browser = fromBrowser.map(toLanguage).find((language) => language && offered.includes(language));
  if (browser) return browser;
  return toLanguage(shopLanguage) ?? offered[0] ?? 'en';
}

let active: Language = 'en';

/** The language of the UI right now; the api client sends it. */
export function activeLanguage(): Language {
  return active;
}

export function setActiveLanguage(language: Language): void {
  active = language;
}
