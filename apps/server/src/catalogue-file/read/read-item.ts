import { decimal, defined } from '../file-values.ts';
import { rowKey } from '../row-key.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import { namesOf, type ReadContext } from './read-context.ts';

type ItemRow =
  | CatalogueRows['products'][number]
  | CatalogueRows['subscriptions'][number]
  | CatalogueRows['vouchers'][number];

/** The fields products, subscriptions and vouchers share, as the file writes them. */
export function readItem(ctx: ReadContext, row: ItemRow) {
  return defined({
    slug: row.slug,
    title: ctx.requiredText(row.title),
    description: ctx.text(row.description),
    image: row.image ?? undefined,
    label: ctx.text(row.label),
    category: row.categoryId ? ctx.categorySlug.get(row.categoryId) : undefined,
    state: row.state as 'DRAFT' | 'PUBLISHED' | 'INVISIBLE',
    visible: row.visible,
    groups: namesOf(row.groupIds, ctx.groupKey),
  });
}

/** A product's or subscription's audience as the file writes it. */
export function readAudience(ctx: ReadContext, a: CatalogueRows['audiences'][number]) {
  return defined({
    key: rowKey(a, 'audience'),
    name: ctx.requiredText(a.name),
    description: ctx.text(a.description),
    price: decimal(a.priceCents),
    group: a.group ?? undefined,
    min_quantity: a.minQuantity,
    dependant: a.dependant,
    vat_rate: a.vatRate ?? undefined,
  });
}
