import type { ItemKind } from '@kassa/domain/rules/item-paths';

/**
 * The storefront's route table (apps/storefront/src/app/router.tsx), as far
 * as the server must know it to answer 404 for a path the storefront has no
 * page for (decision 0197). React Router matches without regard to case and
 * with or without a trailing slash; so do these.
 */
const PAGES = [
  /^\/$/,
  /^\/(?:faq|calendar|voucher-check|client\/login|client\/account)\/?$/i,
  /^\/(?:rebook|renew|reservation)\/[^/]+\/?$/i,
  /^\/checkout\/return\/[^/]+\/?$/i,
  /^\/product\/[^/]+\/rebook\/?$/i,
  // The door app has its own routes and sends unknown ones to its login.
  /^\/staff(?:\/.*)?$/i,
];

/** An item page: kind, id and slug, the id as typed. */
const ITEM = /^\/(product|subscription|voucher|category)\/([^/]+)\/([^/]+)\/?$/i;

/** The not-found page itself. */
const NOT_FOUND = /^\/404\/?$/;

export type StorefrontPath =
  | { kind: 'page' }
  | { kind: 'item'; item: ItemKind; id: number | null }
  | { kind: 'not-found' }
  | { kind: 'unknown' };

/** What the storefront shows at `urlPath` (without the query string). */
export function storefrontPath(urlPath: string): StorefrontPath {
  if (NOT_FOUND.test(urlPath)) return { kind: 'not-found' };
  if (PAGES.some((page) => page.test(urlPath))) return { kind: 'page' };
  const item = ITEM.exec(urlPath);
  if (item) {
    const id = Number(item[2]);
    return {
      kind: 'item',
      item: item[1]!.toLowerCase() as ItemKind,
      // The ids the catalogue hands out; anything else names no item.
      id: /^\d{1,9}$/.test(item[2]!) && id > 0 ? id : null,
    };
  }
  return { kind: 'unknown' };
}

/**
 * Where the storefront's renderer writes the page for a 404: the not-found
 * page (which names a gone item), or for any unknown path the fallback page,
 * rendered once at the one unknown path the storefront reserves for it.
 */
export const NOT_FOUND_PAGE_PATH = '/404';
export const UNKNOWN_PATH_PAGE_PATH = '/not-found';
