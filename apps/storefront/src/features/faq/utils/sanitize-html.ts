import DOMPurify, { type WindowLike } from 'dompurify';

let purifier = DOMPurify;

/** The server's page renderer has no DOM of its own: it hands DOMPurify one (entry-server.tsx). */
export function setSanitizerWindow(window: WindowLike): void {
  purifier = DOMPurify(window);
}

/**
 * FAQ answers are HTML the shop wrote (spec §2): kept for its formatting,
 * stripped of scripts, event handlers and anything else that could run.
 */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, { USE_PROFILES: { html: true } });
}
