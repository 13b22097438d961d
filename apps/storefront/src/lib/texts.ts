/**
 * The storefront's texts without a translation library (decision 0273):
 * i18next was 16 KB gzip of every visitor's first download for the four
 * things the shop uses — nested keys, `{{name}}` placeholders, plural forms
 * by `count` (Intl.PluralRules, the `_one`/`_other` keys i18next reads) and
 * English as the fallback. Keys are typed from en.json, the key source.
 */
import type en from '../locales/en.json';

export interface Dictionary {
  readonly [key: string]: string | Dictionary;
}

/** Placeholder values; `count` also picks the plural form, `defaultValue` answers a missing key. */
export type TextValues = { count?: number; defaultValue?: string } & Record<string, unknown>;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type PluralBase<K> = K extends `${infer Base}_${PluralForm}` ? Base : never;
type Keys<T> = Leaves<T> | PluralBase<Leaves<T>>;

/** A key of the shop's dictionary (en.json); a plural text is asked for without its `_one`/`_other`. */
export type TextKey = Keys<typeof en>;
export type TFunction = (key: TextKey, values?: TextValues) => string;
/** A namespace's lookup (the staff pages' own texts, features/staff): keys typed by its caller. */
export type FixedT = (key: string, values?: TextValues) => string;

/** The shop's dictionary; the staff pages add theirs as 'staff'. */
const DEFAULT_NAMESPACE = 'translation';
/** Every language falls back to English, which has every key (lib/i18n.test.ts checks the others). */
const FALLBACK = 'en';
const PLACEHOLDER = /\{\{-?\s*([^{}]+?)\s*\}\}/g;

function find(dictionary: Dictionary | undefined, path: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** `{{name}}` from the values; a placeholder without a value stays as it is, a null value is empty. */
function fill(text: string, values: TextValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return placeholder;
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

export interface Texts {
  /** The language shown. */
  readonly language: string;
  /** A text of the shop's dictionary in the language shown; the key itself when there is none. */
  t: TFunction;
  /** Whether a key has a text; `staff:` and other namespaces as a prefix. */
  exists(key: string): boolean;
  getFixedT(language: string, namespace?: string): FixedT;
  addResourceBundle(language: string, namespace: string, dictionary: Dictionary): void;
  hasResourceBundle(language: string, namespace: string): boolean;
  changeLanguage(language: string): void;
  /** Called after every change of language; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createTexts(initialLanguage: string = FALLBACK): Texts {
  const bundles = new Map<string, Dictionary>();
  const listeners = new Set<() => void>();
  let language = initialLanguage;

  const lookup = (code: string, namespace: string, key: string, count: number | undefined) => {
    for (const candidate of code === FALLBACK ? [FALLBACK] : [code, FALLBACK]) {
      const dictionary = bundles.get(`${candidate}|${namespace}`);
      if (count !== undefined) {
        // As i18next: a count of 0 may have a `_zero` text of its own, whatever the language's rules say.
        const plural =
          (count === 0 ? find(dictionary, `${key}_zero`) : undefined) ??
          find(dictionary, `${key}_${pluralForm(candidate, count)}`);
        if (plural !== undefined) return plural;
      }
      const text = find(dictionary, key);
      if (text !== undefined) return text;
    }
    return undefined;
  };

  /** `staff:orders.title` → ['staff', 'orders.title'] when 'staff' is a namespace the texts have. */
  const split = (key: string, namespace: string): [string, string] => {
    const colon = key.indexOf(':');
    if (colon > 0) {
      const prefix = key.slice(0, colon);
      if ([...bundles.keys()].some((bundle) => bundle.endsWith(`|${prefix}`))) return [prefix, key.slice(colon + 1)];
    }
    return [namespace, key];
  };

  const translate = (code: string, namespace: string, key: string, values?: TextValues) => {
    const [ns, path] = split(key, namespace);
    const text = lookup(code, ns, path, values?.count) ?? values?.defaultValue ?? key;
    return fill(text, values);
  };

  const texts: Texts = {
    get language() {
      return language;
    },
    t: (key, values) => translate(language, DEFAULT_NAMESPACE, key, values),
    exists(key) {
      const [ns, path] = split(key, DEFAULT_NAMESPACE);
      return lookup(language, ns, path, undefined) !== undefined;
    },
    getFixedT:
      (code, namespace = DEFAULT_NAMESPACE) =>
      (key, values) =>
        translate(code, namespace, key, values),
    addResourceBundle(code, namespace, dictionary) {
      bundles.set(`${code}|${namespace}`, dictionary);
    },
    hasResourceBundle: (code, namespace) => bundles.has(`${code}|${namespace}`),
    changeLanguage(code) {
      if (code === language) return;
      language = code;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return texts;
}

/** The browser's texts (lib/i18n.ts loads them); the server's page renderer makes its own per page. */
export const texts = createTexts();
