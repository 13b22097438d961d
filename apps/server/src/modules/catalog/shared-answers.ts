import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import { cachedJson } from '../../lib/cached-json.ts';

/** Languages plus "no preference": the only keys an anonymous list answer can have. */
const MAX_KEYS = 8;
/**
 * URLs (path and query) whose query the contract accepted, remembered so a
 * repeated one can be answered before its check runs (decision 0287).
 * Visitors send a handful (one per language); made-up ones push out the oldest.
 */
const CHECKED_URLS = 64;

export interface SharedAnswers<T> {
  /**
   * The answer for this request, shared with other anonymous visitors asking
   * in the same language, and sent compressed to those who accept it.
   */
  answer(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<T>): Promise<T | FastifyReply>;
  /** A route's serializerCompiler: cached answers are turned into JSON once; undefined when sharing is off. */
  serializerCompiler: (() => (data: unknown) => string) | undefined;
  /**
   * A route's onRequest hook: a fresh kept answer for a URL whose query was
   * checked before goes out without the query check and the handler
   * (decision 0287). Every other request goes on to them.
   */
  onRequest: onRequestHookHandler;
}

/**
 * Short-lived sharing of the lists every visit starts with (home, categories,
 * organisation): the startup load asks for them on every page view, and they
 * change only when the shop edits its catalogue. Nothing is sold from them
 * (orders re-read everything but the organisation row, decision 0008), so
 * an answer at most 2 × ttlMs old is safe, and each instance keeps its own
 * copy. A bearer token changes what a visitor
 * sees (group offers), so such requests are always computed.
 *
 * With sharing off (ttlMs 0, the test default) routes keep the zod response
 * check, so the tests hold every answer to the contract, and answers go
 * uncompressed.
 */
export function sharedAnswers<T>(ttlMs: number): SharedAnswers<T> {
  const cache = createAnswerCache<T>({ ttlMs, maxEntries: MAX_KEYS });
  const json = cachedJson();
  const checkedUrls = new Set<string>();
  const rememberChecked = (url: string) => {
    if (checkedUrls.has(url)) return;
    if (checkedUrls.size >= CHECKED_URLS) checkedUrls.delete(checkedUrls.values().next().value!);
    checkedUrls.add(url);
  };
  return {
    async answer(request, reply, compute) {
      if (ttlMs <= 0 || request.headers.authorization !== undefined) {
        void reply.header('vary', 'accept-encoding');
        return compute();
      }
      // The handler runs after the contract accepted the query: the same URL will pass it again.
      rememberChecked(request.url);
      // '' when the request names no supported language: the organisation default applies.
      const key = requestLanguage(request, '');
      // A fresh kept answer is sent without waiting for the cache's promise (decision 0283).
      const answer = cache.peek(key) ?? (await cache.get(key, compute));
      return json.send(request, reply, answer as object);
    },
    serializerCompiler: ttlMs > 0 ? () => json.serialize : undefined,
    onRequest(request, reply, done) {
      const kept =
        request.headers.authorization === undefined && checkedUrls.has(request.url)
          ? cache.peek(requestLanguage(request, ''))
          : undefined;
      if (kept === undefined) done();
      else json.send(request, reply, kept as object);
    },
  };
}
