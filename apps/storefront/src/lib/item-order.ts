/**
 * The order of sellable items in one list (home, a category page): products,
 * then subscriptions, then vouchers, each kind by its own sort (decision
 * 0142). Every kind numbers its sort on its own, so comparing the numbers
 * across kinds put a gift card (sort 0) before the admission tickets.
 */
const KIND_ORDER = { product: 0, subscription: 1, voucher: 2 } as const;

export type ItemKind = keyof typeof KIND_ORDER;

export function byKindThenSort(
  a: { kind: ItemKind; item: { sort: number } },
  b: { kind: ItemKind; item: { sort: number } },
): number {
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.item.sort - b.item.sort;
}
