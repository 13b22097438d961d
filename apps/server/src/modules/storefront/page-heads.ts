import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { headHtml } from './head-html.ts';
import { lastVersionKeeper } from './last-version.ts';
import type { PageHeadHtml } from './index-template.ts';
import { defaultLanguage, offeredLanguages, pageHeadFor, pageLanguage } from './page-head.ts';

/** Distinct pages × languages kept; a shop's catalogue pages in five languages fit. */
const MAX_HEADS = 1000;

/** The head of the page a request asks for. */
export type PageHeads = (request: FastifyRequest, urlPath: string) => Promise<PageHeadHtml>;

/**
 * Page heads from the catalogue, shared for CATALOG_CACHE_MS like the answers
 * the pages themselves ask for (decision 0008): a page view then costs a
 * string join, not a catalogue query, and a renamed product shows in the
 * head at most 2 × ttl later, as it does in the app. A page's head is the
 * same for every visitor (it is written for an anonymous one), so it is
 * keyed by origin, language and path only.
 */
export function sharedPageHeads(deps: AppDeps): PageHeads {
  const cache = createAnswerCache<PageHeadHtml>({ ttlMs: deps.config.catalogCacheMs, maxEntries: MAX_HEADS });
  // A head written again the same is the object it was, so the page's bytes are kept (rendered-pages.ts).
  const sameAsLast = lastVersionKeeper<PageHeadHtml>(
    MAX_HEADS,
    (last, next) =>
      last.language === next.language &&
      last.tags === next.tags &&
      last.status === next.status &&
      last.gone === next.gone,
  );
  return async (request, urlPath) => {
    const organisation = await deps.organisation();
    const query = request.query as Record<string, unknown> | undefined;
    const language = pageLanguage(organisation, query?.lang);
    const origin = publicBaseUrl(deps.config, request);
    const key = `${origin} ${language} ${urlPath}`;
    return cache.get(key, async () => {
      const now = deps.now?.() ?? new Date();
      const head = await pageHeadFor(deps.database.db, organisation, urlPath, language, origin, now);
      return sameAsLast(key, {
        language,
        tags: headHtml(head, origin, offeredLanguages(organisation), defaultLanguage(organisation)),
        ...(head.status === 404 ? { status: 404 as const, ...(head.gone ? { gone: head.gone } : {}) } : {}),
      });
    });
  };
}
