import DOMPurify from 'dompurify';

/**
 * FAQ answers are HTML the shop wrote (spec §2): kept for its formatting,
 * stripped of scripts, event handlers and anything else that could run.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
