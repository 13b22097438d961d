import sanitize from 'sanitize-html';

/**
 * The server's page renderer sanitises FAQ answers with this instead of
 * DOMPurify, which needs a DOM the server does not have (decision 0211):
 * an allowlist of formatting tags, links and images, without scripts,
 * event handlers, styles or javascript: URLs.
 */
export function sanitizeHtmlWithoutDom(html: string): string {
  return sanitize(html, {
    allowedTags: [...sanitize.defaults.allowedTags, 'img'],
    // No target on links: DOMPurify drops it too, and the browser's render should match the server's.
    allowedAttributes: {
      a: ['href', 'name'],
      img: ['src', 'srcset', 'alt', 'width', 'height', 'loading'],
      '*': ['class', 'title', 'lang', 'dir'],
    },
  });
}
