import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCompressor, pageEncoding } from './compressed-page.ts';

describe('compressed server-rendered pages', () => {
  it('picks brotli, then gzip, from Accept-Encoding, and nothing refused with q=0', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });

  it('compresses a large page once and keeps the copy; small pages go as they are', () => {
    const compress = createPageCompressor();
    const page = `<!doctype html><div id="root">${'<p>Boat tour €12.50</p>'.repeat(2000)}</div>`;
    const first = compress(page, 'br');
    expect(brotliDecompressSync(first ?? Buffer.alloc(0)).toString('utf8')).toBe(page);
    expect(compress(page, 'br')).toBe(first);
    expect(gunzipSync(compress(page, 'gzip') ?? Buffer.alloc(0)).toString('utf8')).toBe(page);
    expect(compress('<p>small</p>', 'br')).toBeUndefined();
    expect(compress(page, undefined)).toBeUndefined();
  });
});
