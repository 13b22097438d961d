import type { PageDefinitions } from '@kassa/domain/contract/page-definitions';

/**
 * What the storefront's server bundle (apps/storefront/src/entry-server.tsx,
 * built into dist-ssr/) renders a page from; repeated here because the server
 * does not import the storefront's source (docs/architecture.md).
 */
export interface RenderRequest {
  path: string;
  language: string;
  pageDefinitions: PageDefinitions;
  /** Answers the storefront's /api calls. */
  api: (url: string, init: RequestInit) => Promise<Response>;
  /** On /404: the kind of item a link named that the shop no longer has (decision 0197). */
  gone?: string;
  now: Date;
}

/** The markup of #root and the data it was rendered from (a JSON value). */
export interface RenderedPage {
  html: string;
  data: unknown;
  /** The page's module as the client build's manifest names it (route-assets.ts). */
  source: string;
  /** The theme's custom properties as CSS declarations (`--kassa-theme:#2a6f97;…`). */
  themeCss?: string;
}

/** Renders a catalogue page, or null when the page is left to the browser. */
export type RenderPage = (request: RenderRequest) => Promise<RenderedPage | null>;
