import { createHash } from 'node:crypto';
import { compressedCopies, type CompressedCopies, type ContentEncoding } from '../../lib/content-encoding.ts';
import type { IndexTemplate, PageBodyHtml, PageHeadHtml } from './index-template.ts';

/** Pages smaller than this go uncompressed: compressing them costs more than it saves. */
const MIN_BYTES = 8 * 1024;

/**
 * The bytes of one server-rendered page, and the encoding they are in (none:
 * plain). `bytes` is read when sent: a kept answer (page-answers.ts) sends
 * the best brotli copy once it has been written.
 */
export interface PageBytes {
  readonly bytes: Buffer;
  readonly encoding?: ContentEncoding;
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
  copies: CompressedCopies;
  /** One view per encoding, handed out again and again. */
  views: Partial<Record<ContentEncoding, PageBytes>>;
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
  encoding: ContentEncoding | undefined,
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
        copies: compressedCopies(plain),
        views: {},
      };
      kept.set(body, entry);
    }
    const plain = entry.plain.bytes;
    if (!encoding || plain.length < MIN_BYTES) return entry.plain;
    if (!entry.views[encoding]) {
      const copies = entry.copies;
      // Written now, so the first request is not the one that pays for it later.
      copies.bytes(encoding);
      entry.views[encoding] = {
        encoding,
        etag: `W/"${entry.tag}-${encoding}"`,
        get bytes() {
          return copies.bytes(encoding);
        },
      };
    }
    return entry.views[encoding]!;
  };
}
