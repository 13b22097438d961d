/** Links to catalogue pages (docs/storefront.md §2.1), shared by the storefront and the server's page heads and sitemap. */
export type ItemKind = 'product' | 'subscription' | 'voucher' | 'category';

export function itemPath(kind: ItemKind, item: { id: number; slug: string }): string {
  return `/${kind}/${item.id}/${encodeURIComponent(item.slug || String(item.id))}`;
}
