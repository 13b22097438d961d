import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { Organisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { shopNotConfiguredPage, storefrontNotBuiltPage } from './fallback-pages.ts';
import { renderIndex, type IndexTemplate, type PageBodyHtml, type PageHeadHtml } from './index-template.ts';
import { acceptedEncoding } from '../../lib/content-encoding.ts';
import { createPageBytes, type PageBytes } from './compressed-page.ts';
import { sendPageBytes } from './page-answers.ts';
import { jsonForScriptElement } from './json-script.ts';
import { pageHeaders } from './page-headers.ts';
import { captchaOffered, pageDefinitionsFor } from './page-definitions.ts';
import { storefrontCsp } from './content-security-policy.ts';

/** The page definitions as script-safe JSON, read from the organisation. */
type PageDefinitionsJson = () => Promise<string>;

/**
 * Page definitions from the organisation row the app shares for
 * CATALOG_CACHE_MS (decision 0008): settings changed here or on another
 * instance show at most 2 × ttl later. The JSON is written once per row the
 * cache hands out, not once per page view.
 */
export function sharedPageDefinitions(deps: AppDeps): PageDefinitionsJson {
  let written: { organisation: Organisation; json: string } | undefined;
  return async () => {
    const organisation = await deps.organisation();
    if (written?.organisation !== organisation) {
      written = { organisation, json: jsonForScriptElement(pageDefinitionsFor(organisation, deps.config)) };
    }
    return written.json;
  };
}

const renderedPageBytes = createPageBytes(renderIndex);

/**
 * Answers a storefront page: the built index.html with the page definitions
 * and the page's head (title, description, links, JSON-LD: page-heads.ts),
 * and for a catalogue page its content (rendered-pages.ts, decision 0153),
 * which `keep` may keep whole (page-answers.ts).
 * Only the template and (briefly) the definitions, heads and rendered pages
 * are kept in memory.
 */
export async function sendIndexPage(
  reply: FastifyReply,
  deps: AppDeps,
  template: IndexTemplate | undefined,
  urlPath: string,
  pageDefinitions: PageDefinitionsJson,
  pageHead: () => Promise<PageHeadHtml>,
  pageBody: () => Promise<PageBodyHtml | undefined> = async () => undefined,
  keep?: (page: PageBytes) => void,
  /** The content of the not-found page, for a page that is not there (decision 0197). */
  notFoundBody: (gone: string | undefined) => Promise<PageBodyHtml | undefined> = async () => undefined,
): Promise<FastifyReply> {
  // The page carries live settings, so browsers must revalidate it; the hashed assets it names are cached.
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').headers(pageHeaders(urlPath));
  if (!template) {
    reply.log.warn({ dist: deps.config.storefrontDist }, 'storefront is not built: run `npm run build`');
    return reply.status(503).send(storefrontNotBuiltPage(deps.config.storefrontDist));
  }
  try {
    const [json, head, rendered] = await Promise.all([pageDefinitions(), pageHead(), pageBody()]);
    const status = head.status ?? 200;
    const body = status === 404 ? await notFoundBody(head.gone) : rendered;
    const captcha = captchaOffered(await deps.organisation(), deps.config);
    reply.header('content-security-policy', storefrontCsp(deps.config, { captcha }));
    if (!body) return reply.status(status).send(renderIndex(template, json, head));
    // A rendered page's body depends on Accept-Encoding: shared caches must key on it.
    reply.header('vary', 'accept-encoding');
    const page = renderedPageBytes(
      template,
      json,
      head,
      body,
      acceptedEncoding(reply.request.headers['accept-encoding']),
    );
    if (page.encoding) reply.header('content-encoding', page.encoding);
    // A 404 is neither kept nor revalidated: any made-up path has one, and it says the same each time.
    if (status === 404) return reply.status(404).send(page.bytes);
    reply.header('etag', page.etag);
    keep?.(page);
    return sendPageBytes(reply, page);
  } catch (error) {
    if (error instanceof AppError && error.code === 'SHOP_NOT_CONFIGURED') {
      return reply.status(503).send(shopNotConfiguredPage());
    }
    throw error;
  }
}
