/**
 * A category page's content (docs/storefront.md §2.3): its listed child
 * categories and the items whose ids its detail names, taken from the home
 * list: products, subscriptions, then vouchers, each in the shop's sort order.
 */
import type { Category, HomeProducts } from '@kassa/domain/contract/catalog';
import type { CatalogEntry } from '@/components/catalog/catalog-card';
import { byKindThenSort } from '@/lib/item-order';
import { isListed } from '@/lib/item-state';

const bySort = <T extends { sort: number }>(a: T, b: T) => a.sort - b.sort;

export function childCategories(category: Category, all: Category[]): Category[] {
  const children = new Set(category.children);
  return all.filter((c) => children.has(c.id) && isListed(c.state)).sort(bySort);
}

export function categoryItems(
  category: Category,
  home: HomeProducts,
): Exclude<CatalogEntry, { kind: 'category' }>[] {
  const pick = <T extends { id: number; state: Category['state'] }>(
    ids: number[] | undefined,
    items: T[],
  ) => {
    const wanted = new Set(ids ?? []);
    return items.filter((item) => wanted.has(item.id) && isListed(item.state));
  };
  const entries: Exclude<CatalogEntry, { kind: 'category' }>[] = [
    ...pick(category.products, home.products).map((item) => ({ kind: 'product' as const, item })),
    ...pick(category.subscriptions, home.subscriptions).map((item) => ({
      kind: 'subscription' as const,
      item,
    })),
    ...pick(category.vouchers, home.vouchers).map((item) => ({ kind: 'voucher' as const, item })),
  ];
  return entries.sort(byKindThenSort);
}

export function parentOf(category: Category, all: Category[]): Category | undefined {
  return category.parent === null ? undefined : all.find((c) => c.id === category.parent);
}
