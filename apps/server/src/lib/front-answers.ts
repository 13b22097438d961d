/**
 * Kept answers sent in front of the router (decision 0289). The shared
 * catalogue answers and the calendar's plots are the same bytes for every
 * anonymous visitor until they expire; on an on-sale day they are most of the
 * requests. A URL whose answer a route keeps is remembered here once its
 * handler has run (so the contract accepted its query), and a later GET of
 * that URL is answered from node's request event with the kept bytes and the
 * headers Fastify would have sent, without building a request, a reply and a
 * child logger and without routing. Anything else, and a kept answer that is
 * gone or stale, goes on to Fastify as before.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { CachedJson, KeptBytes } from './cached-json.ts';
import type { Readiness } from './readiness.ts';
import { isApiPath } from './security-headers.ts';

/** A remembered URL's kept answer for this request now (its route's cache), or undefined to let the route answer. */
export type KeptAnswer = (request: IncomingMessage) => object | undefined;

interface Remembered {
  /** The route's JSON of kept answers, which turns one into the bytes this request accepts. */
  json: CachedJson;
  kept: KeptAnswer;
}

/**
 * URLs remembered at most, oldest out: every route's kept answers together
 * (a few languages per catalogue list, up to a hundred plots windows).
 * Made-up URLs push the oldest out; a visitor's URL comes back after one
 * request through its route.
 */
const MAX_URLS = 512;
const JSON_TYPE = 'application/json; charset=utf-8';

export interface FrontAnswers {
  /** `url` (path and query, as sent) answers GETs without a bearer token with `kept`, as `json` sends it, from now on. */
  remember(url: string, json: CachedJson, kept: KeptAnswer): void;
  /** Puts the front before the server's request listener (Fastify's). */
  install(server: Server): void;
  /** Sends the request its kept answer and says true, or says false and sends nothing. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
}

export interface FrontOptions {
  /** The headers every answer to an /api URL gets when its route sets none of them (lib/security-headers.ts). */
  apiHeaders: Readonly<Record<string, string>>;
  /** While draining, answers go through Fastify, whose answers say `connection: close`. */
  readiness: Readiness;
  log: FastifyBaseLogger;
}

export function frontAnswers(options: FrontOptions): FrontAnswers {
  const urls = new Map<string, Remembered>();
  // Fastify's logger is pino's (which can say whether a level is on), or one that logs nothing.
  const log = options.log as FastifyBaseLogger & Partial<Pick<Logger, 'isLevelEnabled'>>;
  const fixed = Object.entries(options.apiHeaders).flat();
  // The raw header list (name, value, name, value…) per kept copy, built once per copy.
  const headersOf = new WeakMap<Buffer, string[]>();
  const headers = (kept: KeptBytes): string[] => {
    let list = headersOf.get(kept.bytes);
    if (list === undefined) {
      list = ['content-type', JSON_TYPE, 'vary', 'accept-encoding'];
      if (kept.encoding !== undefined) list.push('content-encoding', kept.encoding);
      list.push('content-length', String(kept.bytes.length), ...fixed);
      headersOf.set(kept.bytes, list);
    }
    return list;
  };
  const front: FrontAnswers = {
    remember(url, json, kept) {
      // The headers above are an /api answer's: a page would need its own.
      if (!isApiPath(url)) throw new Error(`front answers are for /api URLs, not ${url}`);
      // A URL is one route's, and its answer function depends on the URL only: the first one stays.
      if (urls.has(url)) return;
      if (urls.size >= MAX_URLS) urls.delete(urls.keys().next().value!);
      urls.set(url, { json, kept });
    },
    answer(request, response) {
      if (request.method !== 'GET' || request.headers.authorization !== undefined) return false;
      const remembered = urls.get(request.url!);
      if (remembered === undefined || options.readiness.draining) return false;
      const answer = remembered.kept(request);
      if (answer === undefined) return false;
      const kept = remembered.json.bytes(answer, request.headers['accept-encoding']);
      response.writeHead(200, headers(kept));
      response.end(kept.bytes);
      if (log.isLevelEnabled?.('info')) {
        log.info({ req: { method: 'GET', url: request.url }, res: { statusCode: 200 } }, 'kept answer sent');
      }
      return true;
    },
    install(server) {
      const listeners = server.listeners('request') as ((
        request: IncomingMessage,
        response: ServerResponse,
      ) => void)[];
      server.removeAllListeners('request');
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        if (front.answer(request, response)) return;
        for (const listener of listeners) listener.call(server, request, response);
      });
    },
  };
  return front;
}
