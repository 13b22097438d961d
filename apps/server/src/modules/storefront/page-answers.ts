import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { pageNotModified, type PageBytes } from './compressed-page.ts';
import { TEMPLATE_CHECK_MS } from './index-template.ts';

/** Answers kept at most: a shop's pages × languages × the few Accept-Encoding values browsers send. */
const MAX_ANSWERS = 2000;

interface KeptAnswer {
  headers: Record<string, string>;
  page: PageBytes;
  /** Clock reading after which the answer is built again. */
  until: number;
  /** Set once one request is building the answer again; the others get this one meanwhile. */
  rebuilding: boolean;
}

/**
 * Whole answers of server-rendered pages (decision 0170). Every part of a
 * catalogue page is already shared for CATALOG_CACHE_MS (head, content, page
 * definitions, bytes), but a view still asked each part for itself, worked
 * out the page's language and origin twice and set its headers one by one.
 * An answer built once is kept here, with its headers and bytes, and the same
 * request (origin, URL with its query, Accept-Encoding) within the next
 * CATALOG_CACHE_MS — at most TEMPLATE_CHECK_MS, so a rebuilt storefront shows
 * as soon as it does for a built page — gets it as it is. The parts it was
 * joined from are as fresh as decision 0008 allows; the answer adds at most
 * that time. When an answer is due, one request builds it again while the
 * others still get the kept one, for at most another such time: the visitors
 * of a busy page do not all build it at once. The page for an anonymous
 * visitor is the same for everybody (rendered-pages.ts), so nothing personal
 * is ever kept. The security headers are added to every answer, a kept one
 * too, by the onSend hook.
 */
export interface PageAnswers {
  /** Sends the answer kept for this request, when there is a fresh one; false when the page must be built. */
  send(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Keeps the answer this reply is about to send: its headers as set so far, and the page's bytes. */
  keep(request: FastifyRequest, reply: FastifyReply, page: PageBytes): void;
}

export function createPageAnswers(
  config: Pick<Config, 'catalogCacheMs' | 'publicUrl'>,
  clock: () => number = () => performance.now(),
): PageAnswers {
  const keepMs = Math.min(config.catalogCacheMs, TEMPLATE_CHECK_MS);
  const answers = new Map<string, KeptAnswer>();
  // The raw header, not the encoding chosen from it: a kept view then parses nothing.
  const keyOf = (request: FastifyRequest): string =>
    `${publicBaseUrl(config, request)} ${request.headers['accept-encoding'] ?? ''} ${request.url}`;

  return {
    send(request, reply) {
      if (keepMs <= 0) return false;
      const key = keyOf(request);
      const kept = answers.get(key);
      if (!kept) return false;
      const now = clock();
      if (now >= kept.until) {
        if (now >= kept.until + keepMs) {
          answers.delete(key);
          return false;
        }
        if (!kept.rebuilding) {
          kept.rebuilding = true;
          return false;
        }
      }
      void sendPageBytes(reply.headers(kept.headers), kept.page);
      return true;
    },
    keep(request, reply, page) {
      if (keepMs <= 0) return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === 'string') headers[name] = value;
      }
      const key = keyOf(request);
      answers.delete(key);
      answers.set(key, { headers, page, until: clock() + keepMs, rebuilding: false });
      if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value!);
    },
  };
}

/** A page's bytes, or a 304 to a browser whose copy is this page (built or kept alike). */
export function sendPageBytes(reply: FastifyReply, page: PageBytes): FastifyReply {
  if (pageNotModified(reply.request.headers['if-none-match'], page.etag)) return reply.status(304).send();
  return reply.status(200).send(page.bytes);
}
