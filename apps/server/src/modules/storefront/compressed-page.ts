import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IndexTemplate, PageBodyHtml, PageHeadHtml } from './index-template.ts';

/** Pages smaller than this go uncompressed: compressing them costs more than it saves. */
const MIN_BYTES = 8 * 1024;

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

function compress(body: Buffer, encoding: PageEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        // Quality 5: most of brotli's gain at a fraction of its highest setting's time.
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * Brotli's best quality, written off the main thread once a page is first
 * asked for: about 13 % smaller than quality 5 for a home page (6.2 → 5.4 KB),
 * at some 30 ms a page, paid once while the page stays the same.
 */
function compressBest(body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    brotliCompress(
      body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

/**
 * The bytes of one server-rendered page, and the encoding they are in (none:
 * plain). `bytes` is read when sent: a kept answer (page-answers.ts) sends
 * the best brotli copy once it has been written.
 */
export interface PageBytes {
  readonly bytes: Buffer;
  readonly encoding?: PageEncoding;
  /**
   * A weak validator of the page in this encoding (RFC 9110 §8.8.3): the quick
   * and the best brotli copy say the same, so they share it.
   */
  readonly etag: string;
}

/**
 * Whether a revalidating browser's If-None-Match names this page (weak
 * comparison, as RFC 9110 §13.1.2 asks for GET): it then gets a 304 and keeps its copy.
 */
export function pageNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

interface Kept {
  template: IndexTemplate;
  head: PageHeadHtml | undefined;
  json: string;
  /** The page's content hash, the opaque part of its validators. */
  tag: string;
  plain: PageBytes;
  encoded: Partial<Record<PageEncoding, Buffer>>;
  /** One view per encoding, handed out again and again. */
  views: Partial<Record<PageEncoding, PageBytes>>;
}

/**
 * Server-rendered pages as bytes, kept with the rendered content they were
 * joined from (decision 0153). A rendered page carries the data it was
 * rendered from — the calendar's is some hundred KB of plots — which a phone
 * should not download uncompressed, and which the server should not join and
 * encode again for every view: while the template, head, page definitions and
 * rendered content stay the same objects (each is cached), the page's bytes
 * and their compressed copies are reused. The first brotli copy is a quick
 * one; the best one replaces it when the thread pool has written it.
 */
export function createPageBytes(
  join: (template: IndexTemplate, json: string, head: PageHeadHtml | undefined, body: PageBodyHtml) => string,
): (
  template: IndexTemplate,
  json: string,
  head: PageHeadHtml | undefined,
  body: PageBodyHtml,
  encoding: PageEncoding | undefined,
) => PageBytes {
  const kept = new WeakMap<PageBodyHtml, Kept>();
  return (template, json, head, body, encoding) => {
    let entry = kept.get(body);
    if (!entry || entry.template !== template || entry.head !== head || entry.json !== json) {
      const plain = Buffer.from(join(template, json, head, body), 'utf8');
      const tag = createHash('sha256').update(plain).digest('base64url').slice(0, 27);
      entry = {
        template,
        head,
        json,
        tag,
        plain: { bytes: plain, etag: `W/"${tag}"` },
        encoded: {},
        views: {},
      };
      kept.set(body, entry);
    }
    const plain = entry.plain.bytes;
    if (!encoding || plain.length < MIN_BYTES) return entry.plain;
    const encoded = entry.encoded;
    if (!encoded[encoding]) {
      encoded[encoding] = compress(plain, encoding);
      if (encoding === 'br') {
        compressBest(plain).then(
          (best) => {
            if (best.length < encoded.br!.length) encoded.br = best;
          },
          // The quick copy stays: it is correct, only larger.
          () => undefined,
        );
      }
      entry.views[encoding] = {
        encoding,
        etag: `W/"${entry.tag}-${encoding}"`,
        get bytes() {
          return encoded[encoding]!;
        },
      };
    }
    return entry.views[encoding]!;
  };
}
