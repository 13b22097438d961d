import type { FastifyReply, FastifyRequest } from 'fastify';
import { constants } from 'node:zlib';
import {
  acceptedEncoding,
  compressedCopies,
  type CompressedCopies,
  type ContentEncoding,
} from './content-encoding.ts';

/**
 * Answers smaller than this go uncompressed: they fit in one packet anyway.
 * Larger ones are compressed once per kept answer, so the cost is paid once
 * per cache period, not per request.
 */
const MIN_COMPRESSED_BYTES = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * Answers rebuilt with the same JSON whose bytes and compressed copies are
 * kept by their text, so a recomputation that changed nothing compresses
 * nothing (decision 0284). A route's answers are a few languages or the
 * calendars being looked at.
 */
const KEPT_TEXTS = 16;
/**
 * Brotli's best quality costs about 20 ms for a home list of 7 KB but some
 * 400 ms for a 60-day plots answer of 80 KB, which is rebuilt every second
 * when it changes; above this size the best copy is written at quality 10
 * (about 50 ms, 7 % larger than quality 11, 12 % smaller than the quick copy).
 */
const MAX_HIGHEST_QUALITY_BYTES = 8 * 1024;

/** A kept answer's bytes as one request gets them: the plain JSON, or a compressed copy. */
export interface KeptBytes {
  bytes: Buffer;
  encoding: ContentEncoding | undefined;
}

interface Kept {
  plain: Buffer;
  copies: CompressedCopies;
}

export interface CachedJson {
  /**
   * A route's serializer: an answer object as its UTF-8 JSON bytes, written
   * once per object and handed out again (a Buffer, which Fastify sends as it is).
   */
  serialize: (data: unknown) => string;
  /**
   * Sends a kept answer as its bytes (a Buffer: no serializer runs): a
   * brotli or gzip copy, written once, to a request that accepts one. Every
   * answer of the route says so in Vary. Returns the reply, for an async
   * handler to return.
   */
  send(request: FastifyRequest, reply: FastifyReply, answer: object): FastifyReply;
  /** The bytes `send` sends for a request with this Accept-Encoding: for the front (decision 0289). */
  bytes(answer: object, acceptEncoding: string | undefined): KeptBytes;
}

/**
 * JSON of kept answers (the answer cache's, decisions 0269, 0272). Answers
 * from the answer cache are the same object until they expire, so each is
 * turned into text once instead of once per request, and compressed once
 * per encoding; the bytes go when the object does (WeakMap).
 *
 * The text is kept as UTF-8 bytes: a string would be measured
 * (Content-Length) and encoded again on every request, and a 60-day plots
 * answer is about 80 KB (decision 0269). A browser always accepts brotli, and
 * gets about a fifth of that (decision 0272).
 *
 * It skips the zod response check on purpose: the handler is typed against the
 * contract, and checking a few hundred plots on every request costs more than
 * building them. The route tests parse answers with the contract schema.
 */
export function cachedJson(): CachedJson {
  const kept = new WeakMap<object, Kept>();
  const byText = new Map<string, Kept>();
  const keep = (data: object): Kept => {
    let entry = kept.get(data);
    if (entry === undefined) {
      const text = JSON.stringify(data);
      entry = byText.get(text);
      if (entry === undefined) {
        const plain = Buffer.from(text, 'utf8');
        const bestQuality = plain.length <= MAX_HIGHEST_QUALITY_BYTES ? constants.BROTLI_MAX_QUALITY : 10;
        entry = { plain, copies: compressedCopies(plain, bestQuality) };
        if (byText.size >= KEPT_TEXTS) byText.delete(byText.keys().next().value!);
      } else {
        // Most recently used last: the answers being asked for stay.
        byText.delete(text);
      }
      byText.set(text, entry);
      kept.set(data, entry);
    }
    return entry;
  };
  const serialize = (data: unknown): string | Buffer =>
    typeof data === 'object' && data !== null ? keep(data).plain : JSON.stringify(data);
  const bytes = (answer: object, acceptEncoding: string | undefined): KeptBytes => {
    const entry = keep(answer);
    if (entry.plain.length >= MIN_COMPRESSED_BYTES) {
      const encoding = acceptedEncoding(acceptEncoding);
      if (encoding !== undefined) return { bytes: entry.copies.bytes(encoding), encoding };
    }
    return { bytes: entry.plain, encoding: undefined };
  };
  return {
    // Fastify's serializer type says string; its reply sends a Buffer payload unchanged (reply.js onSendEnd).
    serialize: serialize as (data: unknown) => string,
    bytes,
    send(request, reply, answer) {
      void reply.header('vary', 'accept-encoding');
      const kept = bytes(answer, request.headers['accept-encoding']);
      if (kept.encoding !== undefined) void reply.header('content-encoding', kept.encoding);
      // Fastify names JSON only for what it serializes itself; the kept bytes are sent as they are.
      return reply.header('content-type', JSON_TYPE).send(kept.bytes);
    },
  };
}
