import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { acceptedEncoding } from '../../lib/content-encoding.ts';
import { createPageBytes, pageNotModified } from './compressed-page.ts';
import { parseIndexTemplate, type PageBodyHtml } from './index-template.ts';

describe('server-rendered pages as bytes', () => {
  it('picks brotli, then gzip, from Accept-Encoding, and nothing refused with q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  it('knows a revalidating copy: weak comparison, lists and *', () => {
    expect(pageNotModified('W/"abc-br"', 'W/"abc-br"')).toBe(true);
    expect(pageNotModified('"abc-br"', 'W/"abc-br"')).toBe(true);
    expect(pageNotModified('W/"old-br", W/"abc-br"', 'W/"abc-br"')).toBe(true);
    expect(pageNotModified('*', 'W/"abc-br"')).toBe(true);
    expect(pageNotModified('W/"abc-gzip"', 'W/"abc-br"')).toBe(false);
    expect(pageNotModified(undefined, 'W/"abc-br"')).toBe(false);
  });

  it('joins and compresses a large page once while its parts stay the same; small pages go plain', async () => {
    const template = parseIndexTemplate('<html><head></head><body><div id="root"></div></body></html>');
    const head = { language: 'en', tags: '<title>Shop</title>' };
    const large: PageBodyHtml = {
      html: Array.from({ length: 2000 }, (_, index) => `<p>Boat tour ${index} €12.50</p>`).join(''),
      dataJson: '{}',
      headTags: '',
    };
    const join = vi.fn(
      (_t: unknown, _j: string, _h: unknown, body: PageBodyHtml) => `<!doctype html>${body.html}`,
    );
    const pageBytes = createPageBytes(join);

    const first = pageBytes(template, '{}', head, large, 'br');
    expect(first.encoding).toBe('br');
    const quick = first.bytes;
    expect(brotliDecompressSync(quick).toString('utf8')).toBe(`<!doctype html>${large.html}`);
    expect(pageBytes(template, '{}', head, large, 'br').bytes).toBe(quick);
    expect(gunzipSync(pageBytes(template, '{}', head, large, 'gzip').bytes).toString('utf8')).toContain(
      'Boat tour',
    );
    expect(join).toHaveBeenCalledTimes(1);
    // The best brotli copy replaces the quick one once written, and says the same.
    await vi.waitFor(() => expect(pageBytes(template, '{}', head, large, 'br').bytes).not.toBe(quick));
    const best = pageBytes(template, '{}', head, large, 'br').bytes;
    expect(best.length).toBeLessThan(quick.length);
    // A view handed out before reads the best copy too (a kept answer sends it: page-answers.ts).
    expect(first.bytes).toBe(best);
    // Both copies are the same page to a browser's cache; another encoding or content is another.
    expect(first.etag).toMatch(/^W\/"[\w-]{27}-br"$/);
    expect(pageBytes(template, '{}', head, large, 'gzip').etag).toBe(first.etag.replace('-br"', '-gzip"'));
    expect(brotliDecompressSync(best).toString('utf8')).toBe(`<!doctype html>${large.html}`);
    expect(join).toHaveBeenCalledTimes(1);
    // New page definitions: joined again.
    pageBytes(template, '{"currency":"EUR"}', head, large, 'br');
    expect(join).toHaveBeenCalledTimes(2);

    const small: PageBodyHtml = { html: '<p>small</p>', dataJson: '{}', headTags: '' };
    expect(pageBytes(template, '{}', head, small, 'br').encoding).toBeUndefined();
    expect(pageBytes(template, '{}', head, large, undefined).encoding).toBeUndefined();
    const changed: PageBodyHtml = { ...large, html: `${large.html}<p>one more</p>` };
    expect(pageBytes(template, '{}', head, changed, 'br').etag).not.toBe(first.etag);
  });
});
