/**
 * What home shows (docs/storefront.md §2.2), as a pure function of the data:
 * - categorised when the shop uses categories and no renewal is active:
 *   uncategorised items first, then the top-level category cards;
 *   otherwise one flat list of every item;
 * - products before subscriptions before vouchers, each kind in the shop's
 *   sort (decision 0142): each kind numbers its own sort, so the numbers
 *   cannot place a gift card before the admission tickets;
 * - subscriptions and vouchers hidden while the product cart is not empty;
 * - during a renewal products are hidden and the renewed subscription is current.
 */
import type {
  Category,
  HomeProducts,
  ProductSummary,
  SubscriptionSummary,
  VoucherSummary,
} from '@kassa/domain/contract/catalog';
import { byKindThenSort } from '@/lib/item-order';
import { isListed } from '@/lib/item-state';

export type HomeEntry =
  | { kind: 'product'; item: ProductSummary }
  | { kind: 'subscription'; item: SubscriptionSummary; current: boolean }
  | { kind: 'voucher'; item: VoucherSummary }
  | { kind: 'category'; item: Category };

export interface HomeInput {
  home: HomeProducts;
  categories: Category[];
  /** organisation.shop.categories */
  categoriesEnabled: boolean;
  cartCount: number;
  /** The subscription being renewed, when a renewal is stored. */
  renewingSubscriptionId: number | null;
}

export interface HomeLayout {
  layout: 'categorised' | 'flat';
  /** Items in the categorised layout's first block, or every item in the flat one. */
  items: Exclude<HomeEntry, { kind: 'category' }>[];
  categories: Category[];
}

const bySort = <T extends { sort: number }>(a: T, b: T) => a.sort - b.sort;

export function arrangeHome(input: HomeInput): HomeLayout {
  const renewing = input.renewingSubscriptionId !== null;
  const cartEmpty = input.cartCount === 0;
  const items: HomeLayout['items'] = [
    ...(renewing
      ? []
      : input.home.products
          .filter((p) => isListed(p.state))
          .map((item) => ({ kind: 'product' as const, item }))),
    ...(cartEmpty
      ? input.home.subscriptions
          .filter((s) => isListed(s.state))
          .map((item) => ({
            kind: 'subscription' as const,
            item,
            current: item.id === input.renewingSubscriptionId,
          }))
      : []),
    ...(cartEmpty
      ? input.home.vouchers
          .filter((v) => isListed(v.state))
          .map((item) => ({ kind: 'voucher' as const, item }))
      : []),
  ];
  // Array.prototype.sort is stable: kinds keep their order, each sorted on its own.
  items.sort(byKindThenSort);

  if (!input.categoriesEnabled || renewing) return { layout: 'flat', items, categories: [] };
  return {
    layout: 'categorised',
    items: items.filter((entry) => entry.item.category === null),
    categories: input.categories.filter((c) => c.parent === null && isListed(c.state)).sort(bySort),
  };
}
