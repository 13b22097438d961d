/** Default phone country per language (docs/storefront.md §1.3), for the phone fields of later forms. */
import type { CountryCode } from 'libphonenumber-js';
import type { Language } from './language';

const COUNTRY_BY_LANGUAGE: Record<Language, CountryCode> = {
  en: 'GB',
  nl: 'NL',
  es: 'ES',
  de: 'DE',
  fr: 'FR',
};

export function defaultPhoneCountry(language: Language): CountryCode {
  return COUNTRY_BY_LANGUAGE[language];
}
