import type { FastifyReply, FastifyRequest } from 'fastify';
import { headerLanguage, queryLanguage } from '../../lib/language.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import { cachedJson } from '../../lib/cached-json.ts';
import type { FrontAnswers } from '../../lib/front-answers.ts';

/** Languages plus "no preference": the only keys an anonymous list answer can have. */
const MAX_KEYS = 8;

export interface SharedAnswers<T extends object> {
  /**
   * The answer for this request, shared with other anonymous visitors asking
   * in the same language, and sent compressed to those who accept it.
   */
  answer(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<T>): Promise<T | FastifyReply>;
  /** A route's serializerCompiler: cached answers are turned into JSON once; undefined when sharing is off. */
  serializerCompiler: (() => (data: unknown) => string) | undefined;
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
 *
 * Once a URL's handler has run, the contract accepted its query, and the
 * front answers it from then on while a fresh answer for the visitor's
 * language is kept (decision 0289): the query's language, else
 * Accept-Language's.
 */
export function sharedAnswers<T extends object>(ttlMs: number, front: FrontAnswers): SharedAnswers<T> {
  const cache = createAnswerCache<T>({ ttlMs, maxEntries: MAX_KEYS });
  const json = cachedJson();
  return {
    async answer(request, reply, compute) {
      if (ttlMs <= 0 || request.headers.authorization !== undefined) {
        void reply.header('vary', 'accept-encoding');
        return compute();
      }
      // The query's language, else Accept-Language's; '' when neither names a supported one
      // (the organisation default applies). A URL's query is the same on every request to it.
      const named = queryLanguage(request);
      const keyFor = (acceptLanguage: string | undefined) => named ?? headerLanguage(acceptLanguage) ?? '';
      const key = keyFor(request.headers['accept-language']);
      // The handler runs after the contract accepted the query: the same URL will pass it again.
      front.remember(request.url, json, (incoming) =>
        cache.peek(keyFor(incoming.headers['accept-language'])),
      );
      // A fresh kept answer is sent without waiting for the cache's promise (decision 0283).
      const answer = cache.peek(key) ?? (await cache.get(key, compute));
      return json.send(request, reply, answer);
    },
    serializerCompiler: ttlMs > 0 ? () => json.serialize : undefined,
  };
}
