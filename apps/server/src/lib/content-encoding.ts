import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Compressed copies of answers the server keeps (rendered pages, decision
 * 0153; shared catalogue and plots answers, decision 0272): each copy is
 * written once per kept answer and handed out to every request that accepts
 * its encoding.
 */

export type ContentEncoding = 'br' | 'gzip';

/** Distinct Accept-Encoding values whose answer is kept: browsers send a handful. */
const KEPT_ACCEPT_ENCODINGS = 64;
/** Longer values are read every time: a made-up header is not kept. */
const MAX_KEPT_HEADER_LENGTH = 256;
const acceptedByHeader = new Map<string, ContentEncoding | undefined>();

/**
 * The best encoding a request accepts, among the two the server writes.
 * Every kept answer asks this once per request, and browsers send the same
 * few header values, so the answer per value is kept (decision 0283).
 */
export function acceptedEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === '') return undefined;
  if (acceptedByHeader.has(acceptEncoding)) return acceptedByHeader.get(acceptEncoding);
  const encoding = readAcceptEncoding(acceptEncoding);
  if (acceptEncoding.length <= MAX_KEPT_HEADER_LENGTH) {
    // Oldest first out: made-up values push each other out, the browsers' own come straight back.
    if (acceptedByHeader.size >= KEPT_ACCEPT_ENCODINGS)
      acceptedByHeader.delete(acceptedByHeader.keys().next().value!);
    acceptedByHeader.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** The header read afresh (acceptedEncoding keeps its answers). */
export function readAcceptEncoding(acceptEncoding: string): ContentEncoding | undefined {
  const accepted = acceptEncoding
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^q=0(?:\.0*)?$/.test(quality.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        // Quality 5: most of brotli's gain at a fraction of its highest setting's time.
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * Brotli's best quality, written off the main thread once a copy is first
 * asked for: about 13 % smaller than quality 5 for a home page (6.2 → 5.4 KB),
 * at some 30 ms a page, paid once while the answer stays the same.
 */
function compressBest(body: Buffer, quality: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    brotliCompress(
      body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

export interface CompressedCopies {
  /** The body in `encoding`: written on first use, then the same bytes (or the best brotli copy, once written). */
  bytes(encoding: ContentEncoding): Buffer;
}

/**
 * Compressed copies of one body; the first brotli copy is a quick one, replaced by the best when the thread pool has written it.
 * `bestQuality`: the brotli quality of that copy (default the highest).
 */
export function compressedCopies(
  plain: Buffer,
  bestQuality: number = constants.BROTLI_MAX_QUALITY,
): CompressedCopies {
  const encoded: Partial<Record<ContentEncoding, Buffer>> = {};
  return {
    bytes(encoding) {
      const kept = encoded[encoding];
      if (kept) return kept;
      const quick = compress(plain, encoding);
      encoded[encoding] = quick;
      if (encoding === 'br') {
        compressBest(plain, bestQuality).then(
          (best) => {
            if (best.length < quick.length) encoded.br = best;
          },
          // The quick copy stays: it is correct, only larger.
          () => undefined,
        );
      }
      return quick;
    },
  };
}
