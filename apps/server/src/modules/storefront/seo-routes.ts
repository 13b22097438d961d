import type { AppDeps, TypedApp } from '../../deps.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap.ts';

/**
 * /robots.txt and /sitemap.xml, generated (not files in the build): the
 * sitemap follows the catalogue, and both name this server's public URL.
 * The sitemap is shared for CATALOG_CACHE_MS like the catalogue answers.
 */
export async function seoRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const sitemaps = createAnswerCache<string>({ ttlMs: deps.config.catalogCacheMs, maxEntries: 8 });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicBaseUrl(deps.config, request)));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = publicBaseUrl(deps.config, request);
    const xml = await sitemaps.get(origin, async () => {
      const organisation = await deps.organisation();
      return sitemapXml(await sitemapPaths(deps.database.db, organisation), organisation, origin);
    });
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });
}
