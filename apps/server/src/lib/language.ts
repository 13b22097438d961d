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
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.language === 'string' ? normaliseLanguage(query.language) : undefined;
  if (fromQuery) return fromQuery;
  const header = request.headers['accept-language'];
  if (header) {
    for (const part of header.split(',')) {
      const language = normaliseLanguage(part.split(';')[0]);
      if (language) return language;
    }
  }
  return fallback;
}

/** Picks a text in the language, falling back to the default language, then any. */
export function pickText(text: LocalizedText | null | undefined, language: string, fallback: string): string {
  if (!text) return '';
  return text[language] ?? text[fallback] ?? Object.values(text).find(Boolean) ?? '';
}
