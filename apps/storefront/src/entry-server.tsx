/**
 * The server's page renderer (decision 0153), built with `vite build --ssr`
 * into dist-ssr/ and called by apps/server for the catalogue pages: the same
 * components as the browser, for an anonymous visitor in the page's
 * language, with their data asked from the server's own /api routes.
 */
import type { PageDefinitions } from '@kassa/domain/contract/page-definitions';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@/lib/router/router';
import { AppFrame } from './app/app';
import { AppRoutes, catalogPageSource, preloadCatalogPage } from './app/router';
import { setSanitizer } from './features/faq/utils/sanitize-html';
import { sanitizeHtmlWithoutDom } from './features/faq/utils/sanitize-html-without-dom';
import { prefetchStartup } from './lib/api/startup';
import { setApiTransport, type ApiTransport } from './lib/api-client';
import { setActiveLanguage, toLanguage } from './lib/language';
import { zoneDayAt } from './lib/day-bounds';
import { createTexts } from './lib/texts';
import { TextsProvider } from './lib/use-translation';
import type { PageData } from './lib/page-data';
import { setPageDefinitions } from './lib/page-definitions';
import { createQueryClient } from './lib/query-client';
import { printedTextsRecorder } from './lib/printed-texts';
import { normaliseHex, readableOnWhite, textColourOn } from './lib/theme';

export interface RenderRequest {
  /** The page's path, without the query string. */
  path: string;
  /**
   * On /404: the kind of item a link named that the shop no longer has; the
   * page then says so (decision 0197), as home does after the browser's move.
   */
  gone?: string;
  /** The page's language (the server's rules, decision 0150). */
  language: string;
  pageDefinitions: PageDefinitions;
  /** Answers the storefront's /api calls (the server injects them into its own routes). */
  api: ApiTransport;
  now: Date;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  data: PageData;
  /** The page's module as the client build's manifest names it: the server links its CSS. */
  source: string;
  /**
   * The theme's custom properties (lib/theme.ts applyTheme) as CSS
   * declarations, so the HTML paints in the shop's colour before main.tsx runs.
   */
  themeCss: string;
}

function themeCss(colour: string | null): string {
  const hex = normaliseHex(colour);
  return `--kassa-theme:#${hex};--kassa-on-theme:#${textColourOn(hex)};--kassa-theme-text:#${readableOnWhite(hex)}`;
}

/** The page data's day: its date, and the instants between which a visitor's clock is on it. */
function todayOf(timeZone: string, now: Date): Pick<PageData, 'today' | 'todayFrom' | 'todayUntil'> {
  const day = zoneDayAt(timeZone, now.getTime());
  return { today: day.date, todayFrom: day.from, todayUntil: day.until };
}

/** Renders until no component asks for data it does not have; a page needs two or three. */
const MAX_PASSES = 5;

const dictionaries = {
  en: () => import('./locales/en.json'),
  nl: () => import('./locales/nl.json'),
  es: () => import('./locales/es.json'),
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
};

/**
 * One render at a time: the storefront keeps a few things in module state
 * (the active language the api client sends, the page definitions), which
 * concurrent renders in other languages would trade under each other.
 * Rendered pages are cached by the server, so the queue stays short.
 */
let queue: Promise<unknown> = Promise.resolve();

// DOMPurify needs a DOM to parse FAQ answers into; the server has none (decision 0211).
setSanitizer(sanitizeHtmlWithoutDom);

/** React's mark of a Suspense boundary whose content failed on the server and is left to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const result = queue.then(() => render(request));
  queue = result.catch(() => undefined);
  return result;
}

/** Queries a render asked for that have no answer yet (a disabled query is not asked). */
function unanswered(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      // useQuery's options; the cache types them as plain query options.
      const { enabled } = query.options as { enabled?: boolean | ((query: unknown) => boolean) };
      const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
      return on && query.state.status === 'pending';
    });
}

async function render(request: RenderRequest): Promise<RenderedPage | null> {
  const language = toLanguage(request.language) ?? 'en';
  const source = catalogPageSource(request.path);
  if (!source || !(await preloadCatalogPage(request.path))) return null;
  setPageDefinitions(request.pageDefinitions);
  setActiveLanguage(language);
  setApiTransport(request.api);

  const texts = createTexts(language);
  // The browser loads only the page's language too (lib/i18n.ts): the same texts on both sides.
  texts.addResourceBundle(language, 'translation', (await dictionaries[language]()).default);

  const queryClient = createQueryClient();
  // A failed answer is not retried here: the page is then left to the browser.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const page = (
    <TextsProvider value={texts}>
      <AppFrame queryClient={queryClient}>
        <StaticRouter
          location={{ pathname: request.path, state: request.gone ? { gone: request.gone } : null }}
        >
          <AppRoutes />
        </StaticRouter>
      </AppFrame>
    </TextsProvider>
  );

  // The browser's startup load (docs/storefront.md §7.3) asks for these on every page: they come with the page too.
  await prefetchStartup(queryClient, language);
  const printed = printedTextsRecorder();
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const html = printed.during(() => renderToString(page));
    const waiting = unanswered(queryClient);
    if (waiting.length === 0) {
      // Markup the browser would throw away and render again is worse than none (decision 0153).
      if (html.includes(CLIENT_RENDERED_BOUNDARY))
        throw new Error(`${request.path}: a component failed on the server`);
      const queries = queryClient.getQueryCache().getAll();
      // A page with a failed load shows an error or sends the visitor away: the browser handles that.
      if (queries.some((query) => query.state.status === 'error')) return null;
      return {
        html: withoutHoistables(html),
        source,
        themeCss: themeCss(request.pageDefinitions.themeColour),
        data: {
          language,
          ...todayOf(request.pageDefinitions.timeZone, request.now),
          path: request.path,
          // Disabled queries (a client's groups, for nobody logged in) were never asked.
          queries: queries
            .filter((query) => query.state.status === 'success')
            .map((query) => ({ key: query.queryKey, data: query.state.data })),
          printed: printed.texts(),
        },
      };
    }
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }
  return null;
}

/**
 * React writes a page's <title> and <meta> (PageTitle, NoIndex) where a
 * document's head would be; here that is the start of #root. The server
 * writes the head itself (decision 0150) and the browser hoists them again.
 */
function withoutHoistables(html: string): string {
  return html.replace(/^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/, '');
}
