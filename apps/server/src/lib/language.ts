import type { FastifyRequest } from 'fastify';
import type { LocalizedText } from '../db/schema.ts';

export const SUPPORTED_LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Language codes the storefront may send that the server answers in another one. */
const ALIASES: Record<string, Language> = { ksh: 'de' };

/** Normalises a code (`nl-BE` → nl, ksh → de); undefined when unsupported. */
export function normaliseLanguage(code: string | undefined | null): Language | undefined {
  if (!code) return undefined;
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const resolved = ALIASES[base] ?? base;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(resolved) ? (resolved as Language) : undefined;
}

/**
 * The language a request asks for: `?language=`, then the first supported
 * Accept-Language entry, then the organisation's default.
 */
export function requestLanguage(request: FastifyRequest, fallback: string): string {
  return queryLanguage(request) ?? headerLanguage(request.headers['accept-language']) ?? fallback;
}

/** The supported language `?language=` names, if any. */
export function queryLanguage(request: FastifyRequest): Language | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.language === 'string' ? normaliseLanguage(query.language) : undefined;
}

/** Distinct Accept-Language values whose language is kept: browsers send a handful. */
const KEPT_HEADERS = 64;
/** Longer values are read every time: a made-up header is not kept. */
const MAX_KEPT_HEADER_LENGTH = 256;
const languageByHeader = new Map<string, Language | undefined>();

/**
 * The first supported language of an Accept-Language header. Kept answers
 * ask this on every request (decision 0289), so the answer per value is kept.
 */
export function headerLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  if (languageByHeader.has(header)) return languageByHeader.get(header);
  let found: Language | undefined;
  for (const part of header.split(',')) {
    found = normaliseLanguage(part.split(';')[0]);
    if (found) break;
  }
  if (header.length <= MAX_KEPT_HEADER_LENGTH) {
    // Oldest first out: made-up values push each other out, the browsers' own come straight back.
    if (languageByHeader.size >= KEPT_HEADERS) languageByHeader.delete(languageByHeader.keys().next().value!);
    languageByHeader.set(header, found);
  }
  return found;
}

/** Picks a text in the language, falling back to the default language, then any. */
export function pickText(text: LocalizedText | null | undefined, language: string, fallback: string): string {
  if (!text) return '';
  return text[language] ?? text[fallback] ?? Object.values(text).find(Boolean) ?? '';
}
