import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Pages smaller than this go as they are: compressing them costs more than it saves. */
const MIN_BYTES = 8 * 1024;
/** Distinct compressed pages kept (a page is the same string until one of its parts changes). */
const MAX_ENTRIES = 200;

export type PageEncoding = 'br' | 'gzip';

/** The best encoding a request accepts, among the two the server writes. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^q=0(?:\.0*)?$/.test(quality.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compressed copies of server-rendered pages (decision 0153). A rendered
 * page carries the data it was rendered from — the calendar's is some
 * hundred KB of plots — which a phone should not download uncompressed. The
 * page is the same string for CATALOG_CACHE_MS, so its compressed copy is kept
 * and a page view does not compress again; small pages are sent as they are.
 */
export function createPageCompressor(): (
  page: string,
  encoding: PageEncoding | undefined,
) => Buffer | undefined {
  const kept = new Map<string, Buffer>();
  return (page, encoding) => {
    if (!encoding || page.length < MIN_BYTES) return undefined;
    const key = `${encoding}\n${page}`;
    const hit = kept.get(key);
    if (hit) return hit;
    const body = Buffer.from(page, 'utf8');
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(body, {
            // Quality 5: most of brotli's gain at a fraction of its highest setting's time.
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzipSync(body, { level: 6 });
    kept.set(key, compressed);
    if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value ?? '');
    return compressed;
  };
}
