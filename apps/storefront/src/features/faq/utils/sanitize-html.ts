import DOMPurify from 'dompurify';

let purify = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

/** The server's page renderer has no DOM for DOMPurify: it hands in a sanitiser without one (entry-server.tsx). */
export function setSanitizer(sanitizer: (html: string) => string): void {
  purify = sanitizer;
}

/**
 * FAQ answers are HTML the shop wrote (docs/storefront.md §2.13): kept for its
 * formatting, stripped of scripts, event handlers and anything else that could
 * run.
 */
export function sanitizeHtml(html: string): string {
  return purify(html);
}
