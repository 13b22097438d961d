import { sanitizeHtml } from '../utils/sanitize-html';

/** An answer as the shop formatted it, sanitised first (it is shop-written HTML). */
export function FaqAnswer({ html }: { html: string }) {
  return <div className="kassa-faq__answer" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
