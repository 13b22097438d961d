import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { distFileFor } from './dist-file.ts';
import { sendIndexPage, sharedPageDefinitions } from './index-page.ts';
import { indexTemplateLoader } from './index-template.ts';
import { createPageAnswers } from './page-answers.ts';
import { sharedPageHeads } from './page-heads.ts';
import { loadPageRenderer, pageRendererFile } from './page-renderer.ts';
import { sharedRenderedPages } from './rendered-pages.ts';
import { seoRoutes } from './seo-routes.ts';

/**
 * Serves the built storefront (decision 0012): files from dist, and for
 * every other GET outside /api the index page, so history-mode routes work on
 * reload. /api stays with the central JSON 404. Registered last, in its own
 * context, so its reply.sendFile cannot clash with other static plugins.
 */
export async function storefrontRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const distFolder = deps.config.storefrontDist;
  const loadTemplate = indexTemplateLoader(distFolder);
  const pageDefinitions = sharedPageDefinitions(deps);
  const pageHeads = sharedPageHeads(deps);
  // Catalogue pages arrive with their content when the storefront's server bundle is built (decision 0153).
  const renderPage = deps.renderPage ?? (await loadPageRenderer(pageRendererFile(distFolder)));
  const renderedPages = renderPage ? sharedRenderedPages(app, deps, renderPage) : undefined;
  const pageAnswers = createPageAnswers(deps.config);
  if (!existsSync(path.join(distFolder, 'index.html'))) {
    app.log.warn(
      { dist: distFolder },
      'storefront is not built: run `npm run build`; pages answer with a notice',
    );
  }

  await seoRoutes(app, deps);

  await app.register(async (storefront) => {
    // preCompressed: the build leaves .br/.gz copies beside the assets (scripts/compress-dist.mjs).
    await storefront.register(fastifyStatic, { root: distFolder, serve: false, preCompressed: true });

    storefront.get('/*', { schema: { hide: true } }, async (request, reply) => {
      // A catalogue page built a moment ago goes out as it was (decision 0170).
      if (pageAnswers.send(request, reply)) return reply;
      const urlPath = request.url.split('?')[0] ?? '/';
      if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.callNotFound();

      const file = urlPath === '/index.html' ? undefined : await distFileFor(distFolder, urlPath);
      // Source maps show the shop's source: production serves them only with SOURCE_MAPS=true.
      if (file?.endsWith('.map') && !deps.config.sourceMaps) return reply.callNotFound();
      // The body depends on Accept-Encoding (pre-compressed copies); shared caches must key on it.
      if (file) reply.header('vary', 'accept-encoding');
      if (file?.startsWith('assets/')) {
        // Vite names these by content hash: a file never changes under its name.
        return reply.sendFile(file, { maxAge: '1y', immutable: true });
      }
      if (file) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile(file, { cacheControl: false });
      }
      // A missing hashed chunk (an older build's) must fail as a 404, not come back as HTML.
      if (urlPath.startsWith('/assets/')) return reply.callNotFound();
      // Browsers ask for /favicon.ico on every first visit. The shop has no such file: No Content,
      // cached for a day, instead of rendering the not-found page, whose 404 the browser logs
      // as a console error (Lighthouse's best-practices audit, decision 0268).
      if (urlPath === '/favicon.ico') {
        return reply.code(204).header('cache-control', 'public, max-age=86400').send();
      }
      return sendIndexPage(
        reply,
        deps,
        await loadTemplate(),
        urlPath,
        pageDefinitions,
        () => pageHeads(request, urlPath),
        async () => renderedPages?.(request, urlPath),
        (page) => pageAnswers.keep(request, reply, page),
        async (gone) => renderedPages?.(request, urlPath, gone ? { gone } : {}),
      );
    });
  });
}
