/**
 * The data a server-rendered page was rendered from (decision 0153): a
 * `<script type="application/json">` block, never executable, so a strict
 * `script-src 'self'` holds. The browser seeds the query cache from it before
 * hydrating, so the page's data is not asked for a second time.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PrintedTexts } from './printed-texts';
import { VISIT_ENRICHMENT_KEY } from './visit-enrichment';

export const PAGE_DATA_ID = 'kassa-page-data';

export interface PageData {
  /** The language the page was rendered in. */
  language: string;
  /** The organisation's day when it was rendered (YYYY-MM-DD): the calendar's window starts there. */
  today: string;
  /** When that day began and when it ends (ms since the epoch; lib/day-bounds.ts). */
  todayFrom: number;
  todayUntil: number;
  /** The path rendered, without the query string. */
  path: string;
  /** Every query the page asked for, with its answer. */
  queries: { key: readonly unknown[]; data: unknown }[];
  /** The texts the render printed with Intl (lib/printed-texts.ts, decision 0286). */
  printed?: PrintedTexts;
}

/** The block the server wrote, or undefined for a page it did not render (or a broken block). */
export function readPageData(doc: Document = document): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    return typeof data.language === 'string' &&
      typeof data.today === 'string' &&
      typeof data.todayFrom === 'number' &&
      typeof data.todayUntil === 'number' &&
      typeof data.path === 'string' &&
      Array.isArray(data.queries) &&
      (data.printed === undefined || Array.isArray(data.printed))
      ? (data as PageData)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Query parameters that change nothing a catalogue page renders (campaign tags, the page's language). */
const NEUTRAL_PARAMETER = /^(?:lang|utm_[a-z_]+|gclid|fbclid|msclkid)$/;

/** The product order flow's own stores (features/product-order): only the product page reads them. */
const PRODUCT_FLOW_STORES = ['kassa.product-flow', 'kassa.checkout', 'kassa.last-payment'];

/** What the browser knows that the server did not when it rendered the page. */
export interface VisitorState {
  language: string;
  /** The visitor's clock (ms since the epoch): on the page's day, or the page shows another day. */
  now: number;
  pathname: string;
  search: string;
  loggedIn: boolean;
  /** sessionStorage entries (key, raw value) — the cart and the order flows keep theirs there. */
  session: [string, string | null][];
}

/**
 * Whether the page may be hydrated as the server rendered it: only when this
 * visitor would see exactly what an anonymous visitor in the page's language
 * sees — same language and day, no client logged in, nothing of the shop's
 * in sessionStorage (cart, renewal, rebooking, a notice to show; the order
 * flow's stores count on the product page only, which keeps its first step
 * there as soon as it shows), no query parameter the page reads (`?plot=`).
 * Otherwise the browser renders the page itself, as it did before.
 */
export function mayHydrate(data: PageData, visitor: VisitorState): boolean {
  const parameters = [...new URLSearchParams(visitor.search).keys()];
  // Any of the shop's session entries may change what a page shows (the cart, a renewal, the FAQ's
  // "refund sent" notice), except the order flow's on pages other than the product page.
  const productPage = visitor.pathname.startsWith('/product/');
  const sessionIdle = visitor.session.every(
    ([key, value]) =>
      !key.startsWith('kassa.') ||
      key === VISIT_ENRICHMENT_KEY ||
      (!productPage && PRODUCT_FLOW_STORES.includes(key)) ||
      value === null ||
      value === 'null' ||
      value === '[]',
  );
  return (
    data.language === visitor.language &&
    data.todayFrom <= visitor.now &&
    visitor.now < data.todayUntil &&
    data.path === visitor.pathname &&
    !visitor.loggedIn &&
    sessionIdle &&
    parameters.every((name) => NEUTRAL_PARAMETER.test(name))
  );
}

/** The sessionStorage entries of this tab (none when storage is blocked). */
export function sessionEntries(): [string, string | null][] {
  try {
    return Array.from({ length: sessionStorage.length }, (_, index) => {
      const key = sessionStorage.key(index) ?? '';
      return [key, sessionStorage.getItem(key)] as [string, string | null];
    });
  } catch {
    return [];
  }
}

/** Puts the page's answers into the cache as fresh data: the hooks find them and do not fetch. */
export function seedQueries(queryClient: QueryClient, data: PageData): void {
  for (const { key, data: answer } of data.queries) queryClient.setQueryData(key, answer);
}
