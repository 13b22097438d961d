import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { sanitizeHtmlWithoutDom } from './sanitize-html-without-dom';

/** Markup as a browser reads it back, so `<br />` and `<br>` compare equal. */
function parsed(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

describe('sanitizeHtmlWithoutDom (the server renderer, decision 0211)', () => {
  it('drops scripts, event handlers, styles, frames and javascript: links', () => {
    const clean = sanitizeHtmlWithoutDom(
      '<p onclick="alert(1)" style="position:fixed">Open</p><script>alert(2)</script>' +
        '<img src="x" onerror="alert(3)"><a href="javascript:alert(4)">go</a><iframe src="https://evil.example"></iframe>' +
        '<svg><script>alert(5)</script></svg><a href="JaVaScRiPt:alert(6)">too</a>',
    );
    for (const running of [
      'onclick',
      'style',
      '<script',
      'alert',
      'onerror',
      'javascript',
      'iframe',
      'svg',
    ]) {
      expect(clean.toLowerCase()).not.toContain(running.toLowerCase());
    }
    expect(parsed(clean)).toBe('<p>Open</p><img src="x"><a>go</a><a>too</a>');
  });

  it("gives a shop's formatting the markup the browser's DOMPurify gives it", () => {
    const shopHtml =
      '<h3>Opening hours</h3><p>Daily <strong>10–17</strong>, <em>closed</em> on 25&nbsp;December.<br>Last entry 16:30.</p>' +
      '<ul><li>Adults</li><li>Children &amp; students</li></ul><ol><li>One</li></ol>' +
      '<p><a href="https://museum.example/hours" target="_blank">Hours</a> or <a href="mailto:info@museum.example">mail us</a>.</p>' +
      '<img src="/media/map.png" alt="Map" width="320" height="200"><blockquote>Quiet, please.</blockquote>' +
      '<table><tbody><tr><th>Day</th><td>Monday</td></tr></tbody></table><hr><p class="note" lang="nl">Tot ziens</p>';
    expect(parsed(sanitizeHtmlWithoutDom(shopHtml))).toBe(
      parsed(DOMPurify.sanitize(shopHtml, { USE_PROFILES: { html: true } })),
    );
  });
});
