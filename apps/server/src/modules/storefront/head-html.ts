import { jsonForScriptElement } from './json-script.ts';
import type { PageHead } from './page-head.ts';
import { PAGE_TEXTS } from './page-texts.ts';
import type { Language } from '../../lib/language.ts';

/** Text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The URL of `path` in `language`: the default language has no ?lang=, so each page has one canonical URL per language. */
export function languageUrl(
  origin: string,
  path: string,
  language: Language,
  defaultLanguage: Language,
): string {
  return language === defaultLanguage ? `${origin}${path}` : `${origin}${path}?lang=${language}`;
}

/**
 * The tags the server writes into <head>: title, description, canonical and
 * hreflang alternates, Open Graph, robots, and schema.org JSON-LD. JSON-LD is
 * a data block (type application/ld+json): never executed, so a strict
 * script-src needs no exception for it.
 */
export function headHtml(
  head: PageHead,
  origin: string,
  languages: readonly Language[],
  defaultLanguage: Language,
): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  const image = head.image ? new URL(head.image, origin).href : null;
  if (head.canonicalPath !== null) {
    const path = head.canonicalPath;
    const url = languageUrl(origin, path, head.language, defaultLanguage);
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
    if (!head.noindex && languages.length > 1) {
      for (const language of languages) {
        const href = languageUrl(origin, path, language, defaultLanguage);
        tags.push(`<link rel="alternate" hreflang="${language}" href="${escapeHtml(href)}">`);
      }
      tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${origin}${path}`)}">`);
    }
    tags.push(
      `<meta property="og:type" content="${head.ogType}">`,
      `<meta property="og:url" content="${escapeHtml(url)}">`,
      `<meta property="og:title" content="${escapeHtml(head.title)}">`,
      `<meta property="og:description" content="${escapeHtml(head.description)}">`,
      `<meta property="og:locale" content="${PAGE_TEXTS[head.language].ogLocale}">`,
    );
    if (image) tags.push(`<meta property="og:image" content="${escapeHtml(image)}">`);
    tags.push(`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`);
  }
  for (const data of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScriptElement(data)}</script>`);
  }
  return tags.join('');
}
