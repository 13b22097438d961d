import type { Language } from '../lib/language.ts';

/** A seed text in every shop language; a missing language is a type error. */
export type Translations = Record<Language, string>;
