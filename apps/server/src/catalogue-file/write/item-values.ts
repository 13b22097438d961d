import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import type { WriteContext } from './write-context.ts';

type Item =
  | CatalogueFile['products'][number]
  | CatalogueFile['subscriptions'][number]
  | CatalogueFile['vouchers'][number];

/** The ids an item's references point at: its category and the client groups that may see it. */
export interface ItemLinks {
  categoryIds: ReadonlyMap<string, number>;
  groupIds: ReadonlyMap<string, number>;
}

/** The columns products, subscriptions and vouchers share, as stored. */
export function itemValues(ctx: WriteContext, links: ItemLinks, entry: Item, sort: number) {
  return {
    organisationId: ctx.organisationId,
    categoryId: entry.category === undefined ? null : links.categoryIds.get(entry.category)!,
    slug: entry.slug,
    title: ctx.text(entry.title),
    description: ctx.text(entry.description),
    image: ctx.image(entry.image),
    label: entry.label === undefined ? null : ctx.text(entry.label),
    state: entry.state,
    visible: entry.visible,
    sort,
    groupIds: entry.groups.map((key) => links.groupIds.get(key)!),
  };
}
