import type { FastifyRequest } from 'fastify';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { pageDefinitionsFor } from './page-definitions.ts';
import { pageLanguage } from './page-head.ts';
import type { PageBodyHtml } from './index-template.ts';
import { jsonForScriptElement } from './json-script.ts';
import type { RenderPage } from '../../lib/render-page.ts';
import { lastBodyKeeper } from './last-version.ts';
import { renderApi } from './render-api.ts';
import { routeAssetsLoader } from './route-assets.ts';
import { NOT_FOUND_PAGE_PATH, storefrontPath, UNKNOWN_PATH_PAGE_PATH } from './storefront-paths.ts';

/** Distinct pages × languages kept, as for the page heads. */
const MAX_PAGES = 1000;

/**
 * The catalogue pages an anonymous visitor sees alike (decision 0153). The
 * order flow after its first step, secret links (rebook, renew, reservation,
 * checkout return), the client's and the staff's pages stay in the browser.
 */
const RENDERED_PATHS = [
  /^\/$/,
  /^\/faq\/?$/,
  /^\/calendar\/?$/,
  /^\/category\/\d{1,9}\/[^/]+\/?$/,
  /^\/product\/\d{1,9}\/(?!rebook\/?$)[^/]+\/?$/,
];

/** Custom properties with hex colours only: nothing else may reach a style element. */
const THEME_CSS = /^(?:--kassa-[a-z-]+:#[0-9a-f]{6};?)+$/;

/**
 * The shop's theme colour for the rendered HTML, as main.tsx would set it:
 * without it the page paints in the default colour until the script runs.
 */
function themeStyle(css: string | undefined): string {
  return css && THEME_CSS.test(css) ? `<style>:root{${css}}</style>` : '';
}

export function isRenderedPath(urlPath: string): boolean {
  return RENDERED_PATHS.some((pattern) => pattern.test(urlPath));
}

/**
 * The rendered content of the page a request asks for, or null when the
 * browser renders it. `notFound`: the page is not there (decision 0197) —
 * the not-found page is written instead, naming the gone item's kind; for a
 * path the storefront does not know, its fallback page.
 */
export type RenderedPages = (
  request: FastifyRequest,
  urlPath: string,
  notFound?: { gone?: string },
) => Promise<PageBodyHtml | undefined>;

/**
 * Where a 404's page is rendered: /404 (which names the gone item, or is the
 * path asked for), or for any unknown path the one path the storefront keeps
 * for its fallback page, so all of them share one rendered page rather than
 * one each (a scan of made-up paths renders nothing new).
 */
function notFoundRenderPath(urlPath: string, gone: string | undefined): string {
  return gone || storefrontPath(urlPath).kind !== 'unknown' ? NOT_FOUND_PAGE_PATH : UNKNOWN_PATH_PAGE_PATH;
}

/**
 * Rendered pages shared for CATALOG_CACHE_MS like the page heads (decision
 * 0150): a page is written for an anonymous visitor in the page's language,
 * so it is keyed by origin, language and path only, and a page view costs a
 * string join rather than a render. The data comes from the server's own
 * /api routes (injected, not over the network), so the page is rendered from
 * exactly the answers the browser would get.
 */
export function sharedRenderedPages(app: TypedApp, deps: AppDeps, renderPage: RenderPage): RenderedPages {
  const cache = createAnswerCache<PageBodyHtml | undefined>({
    ttlMs: deps.config.catalogCacheMs,
    maxEntries: MAX_PAGES,
  });
  const routeAssets = routeAssetsLoader(deps.config.storefrontDist);
  const sameAsLast = lastBodyKeeper(MAX_PAGES);
  return async (request, urlPath, notFound) => {
    if (!notFound && !isRenderedPath(urlPath)) return undefined;
    const organisation = await deps.organisation();
    const query = request.query as Record<string, unknown> | undefined;
    const language = pageLanguage(organisation, query?.lang);
    const origin = publicBaseUrl(deps.config, request);
    const host = request.headers.host;
    const path = notFound ? notFoundRenderPath(urlPath, notFound.gone) : urlPath;
    const key = notFound
      ? `${origin} ${language} 404 ${path} ${notFound.gone ?? ''}`
      : `${origin} ${language} ${path}`;
    return cache.get(key, async () => {
      try {
        const page = await renderPage({
          path,
          ...(notFound?.gone ? { gone: notFound.gone } : {}),
          language,
          pageDefinitions: pageDefinitionsFor(organisation, deps.config),
          now: deps.now?.() ?? new Date(),
          api: renderApi(app, { db: deps.database.db, config: deps.config, now: deps.now }, host),
        });
        // Kept serialised: a cached page view is a string join.
        if (!page) return undefined;
        return sameAsLast(key, {
          html: page.html,
          dataJson: jsonForScriptElement(page.data),
          headTags: (await routeAssets(page.source)) + themeStyle(page.themeCss),
        });
      } catch (error) {
        // A page that cannot be rendered still works: the browser renders it, as before.
        request.log.error({ err: error, path }, 'page could not be rendered on the server');
        return undefined;
      }
    });
  };
}
