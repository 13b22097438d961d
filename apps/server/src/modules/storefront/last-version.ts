import type { PageBodyHtml } from './index-template.ts';

/**
 * The last version of each page's part (its content, its head). A part is
 * computed again every CATALOG_CACHE_MS and mostly comes out the same; handing
 * back the same object then keeps the page's joined and compressed bytes
 * (compressed-page.ts), which are kept per object, so an unchanged page is not
 * joined and compressed again every second. Keeps `maxEntries` pages; the
 * least recently changed go first.
 */
export function lastVersionKeeper<T>(
  maxEntries: number,
  same: (last: T, next: T) => boolean,
): (key: string, next: T) => T {
  const last = new Map<string, T>();
  return (key, next) => {
    const kept = last.get(key);
    if (kept !== undefined && same(kept, next)) return kept;
    last.delete(key);
    last.set(key, next);
    if (last.size > maxEntries) last.delete(last.keys().next().value!);
    return next;
  };
}

/** The content of a page that stays the same: the object it was before. */
export function lastBodyKeeper(maxEntries: number): (key: string, body: PageBodyHtml) => PageBodyHtml {
  return lastVersionKeeper<PageBodyHtml>(
    maxEntries,
    (last, next) =>
      last.html === next.html && last.dataJson === next.dataJson && last.headTags === next.headTags,
  );
}
