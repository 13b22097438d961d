import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { shopNotConfiguredPage, storefrontNotBuiltPage } from './fallback-pages.ts';
import { renderIndex, type IndexTemplate } from './index-template.ts';
import { jsonForScriptElement } from './json-script.ts';
import { pageHeaders } from './page-headers.ts';
import { pageDefinitionsFor } from './page-definitions.ts';

/**
 * Answers a storefront page: the built index.html with this request's page
 * definitions. The organisation is read per request (settings change without
 * a restart, and another instance may have changed them); only the template
 * is kept in memory.
 */
export async function sendIndexPage(
  reply: FastifyReply,
  deps: AppDeps,
  template: IndexTemplate | undefined,
  urlPath: string,
): Promise<FastifyReply> {
  // The page carries live settings, so browsers must revalidate it; the hashed assets it names are cached.
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').headers(pageHeaders(urlPath));
  if (!template) {
    reply.log.warn({ dist: deps.config.storefrontDist }, 'storefront is not built: run `npm run build`');
    return reply.status(503).send(storefrontNotBuiltPage(deps.config.storefrontDist));
  }
  try {
    const organisation = await loadOrganisation(deps.database.db, deps.config.organisation);
    const json = jsonForScriptElement(pageDefinitionsFor(organisation, deps.config));
    return reply.status(200).send(renderIndex(template, json));
  } catch (error) {
    if (error instanceof AppError && error.code === 'SHOP_NOT_CONFIGURED') {
      return reply.status(503).send(shopNotConfiguredPage());
    }
    throw error;
  }
}
