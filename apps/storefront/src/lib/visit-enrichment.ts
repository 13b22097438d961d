/**
 * The visit's enrichment (decision 0194): the campaign tags (`utm_*`) of the
 * page the visit landed on, that page itself, the page that sent the visitor
 * (referrer) and, when the shop runs in an iframe, the page around it.
 * Captured once, on the visit's first page, and kept for the visit (the
 * tab's sessionStorage), so every order kind sends the same, however many
 * pages later the visitor orders.
 */
import { enrichmentProblem } from '@kassa/domain/rules/enrichment';
import { isStorableText } from '@kassa/domain/rules/storable-text';

/** Not a `kassa.` key that stops hydration: it changes nothing a page shows (lib/page-data.ts). */
export const VISIT_ENRICHMENT_KEY = 'kassa.visit-enrichment';

export type Enrichment = Record<string, string>;

/** What the browser tells about the visit's first page. */
export interface LandingPage {
  /** location.href */
  url: string;
  /** document.referrer ('' when none) */
  referrer: string;
  /** The shop runs inside another page's iframe. */
  embedded: boolean;
  /** The embedding page's origin (location.ancestorOrigins), where the browser tells it. */
  ancestorOrigin: string | null;
}

const CAMPAIGN_TAG = /^utm_[a-z0-9_]{1,40}$/;
const MAX_TAGS = 12;
const MAX_TAG_LENGTH = 200;
const MAX_URL_LENGTH = 1000;

/**
 * At most `max` characters, cut between code points (half a surrogate pair
 * cannot be stored); null for a text the server could not store at all (a
 * `%00` in a tag), which is left out rather than have the order refused.
 */
function cut(text: string | null, max: number): string | null {
  if (!text) return null;
  const short =
    text.length <= max
      ? text
      : Array.from(text.slice(0, max + 1))
          .slice(0, max)
          .join('');
  return isStorableText(short) ? short : null;
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The enrichment of a landing page, within the server's bounds (rules/enrichment). */
export function captureEnrichment(page: LandingPage): Enrichment {
  const url = new URL(page.url);
  const tags: [string, string][] = [];
  for (const [name, value] of url.searchParams) {
    const key = name.toLowerCase();
    const tag = cut(value, MAX_TAG_LENGTH);
    if (!CAMPAIGN_TAG.test(key) || !tag || tags.some(([seen]) => seen === key)) continue;
    if (tags.length === MAX_TAGS) break;
    tags.push([key, tag]);
  }
  const pages: [string, string][] = [];
  const addPage = (key: string, address: string | null) => {
    const kept = cut(address, MAX_URL_LENGTH);
    if (kept) pages.push([key, kept]);
  };
  addPage('landing_page', url.pathname + url.search);
  if (page.embedded) {
    // In an iframe the referrer is the page around the shop, not where the visitor came from.
    addPage('embedding_page', page.referrer || page.ancestorOrigin);
  } else if (page.referrer && origin(page.referrer) !== url.origin) {
    addPage('referrer', page.referrer);
  }
  // Texts of many-byte characters could still pass the byte limit: the last tags give way first.
  while (tags.length > 0 && enrichmentProblem(Object.fromEntries([...tags, ...pages])) !== null) tags.pop();
  return Object.fromEntries([...tags, ...pages]);
}

function isEnrichment(value: unknown): value is Enrichment {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/** Where storage is blocked, the visit's enrichment lives as long as the page. */
let unstored: Enrichment | undefined;

function currentPage(): LandingPage {
  return {
    url: location.href,
    referrer: document.referrer,
    embedded: window.parent !== window,
    ancestorOrigin: location.ancestorOrigins?.[0] ?? null,
  };
}

/** Captures the landing page's enrichment, unless this visit has one already. Called once at start-up. */
export function startVisit(page: LandingPage = currentPage()): void {
  try {
    if (sessionStorage.getItem(VISIT_ENRICHMENT_KEY) !== null) return;
    sessionStorage.setItem(VISIT_ENRICHMENT_KEY, JSON.stringify(captureEnrichment(page)));
  } catch {
    unstored ??= captureEnrichment(page);
  }
}

/** The visit's enrichment, sent with every order, subscription and voucher order; undefined when none. */
export function visitEnrichment(): Enrichment | undefined {
  try {
    const raw = sessionStorage.getItem(VISIT_ENRICHMENT_KEY);
    const parsed: unknown = raw === null ? undefined : JSON.parse(raw);
    if (isEnrichment(parsed)) return parsed;
  } catch {
    // storage blocked or a broken entry: the in-memory capture, if any
  }
  return unstored;
}
