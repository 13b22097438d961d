/**
 * Page definitions (docs/storefront.md §3.22, decision 0003): the shop settings
 * the server writes into index.html as JSON. Read once at start, before any API
 * call.
 *
 * Checked by hand instead of with pageDefinitionsSchema: zod would put ~24 KB
 * gzip into the entry chunk. The defaults mirror the contract schema, and
 * page-definitions.test.ts pins that both read the same input alike.
 */
import type { PageDefinitions } from '@kassa/domain/contract/page-definitions';

/**
 * PAGE_DEFINITIONS_ELEMENT_ID of the contract, repeated so that importing it
 * does not pull the contract module (and zod) in; the test pins they match.
 */
export const PAGE_DEFINITIONS_ID = 'kassa-page-definitions';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function nullableText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Reads raw page definitions, keeping what is well-typed and defaulting the rest. */
export function parsePageDefinitions(raw: unknown): PageDefinitions {
  const input = isObject(raw) ? raw : {};
  const captcha = isObject(input.captcha) ? input.captcha : undefined;
  const keys = isObject(input.publishableKeys) ? input.publishableKeys : undefined;
  const languages = Array.isArray(input.languages)
    ? input.languages.filter((language): language is string => typeof language === 'string')
    : ['en', 'nl', 'es', 'de', 'fr'];
  return {
    organisationName: text(input.organisationName, 'Kassa'),
    currency: text(input.currency, 'EUR'),
    language: text(input.language, 'en'),
    languages,
    timeZone: text(input.timeZone, 'Europe/Amsterdam'),
    dateFormat: text(input.dateFormat, 'DD-MM-YYYY'),
    themeColour: nullableText(input.themeColour),
    logo: nullableText(input.logo),
    captcha:
      captcha && typeof captcha.enabled === 'boolean'
        ? { enabled: captcha.enabled, challengeUrl: text(captcha.challengeUrl, '/api/captcha/challenge') }
        : { enabled: false, challengeUrl: '/api/captcha/challenge' },
    publishableKeys: {
      stripe: nullableText(keys?.stripe),
      paypalClientId: nullableText(keys?.paypalClientId),
    },
    sentryDsn: nullableText(input.sentryDsn),
    illustrationsUrl: text(input.illustrationsUrl, '/illustrations'),
  };
}

/** Reads the JSON the server injected; a missing or broken element gives the defaults. */
export function readPageDefinitions(doc: Document = document): PageDefinitions {
  const element = doc.getElementById(PAGE_DEFINITIONS_ID);
  let raw: unknown = {};
  try {
    raw = JSON.parse(element?.textContent || '{}');
  } catch {
    // A broken injection must not take the shop down: fall back to defaults.
    raw = {};
  }
  return parsePageDefinitions(raw);
}

let current: PageDefinitions | undefined;

/** Where there is no document (the server's page renderer), the definitions are handed over instead. */
export function setPageDefinitions(definitions: PageDefinitions): void {
  current = definitions;
}

/** The page definitions of this page load (read lazily, once). */
export function pageDefinitions(): PageDefinitions {
  current ??= readPageDefinitions();
  return current;
}
