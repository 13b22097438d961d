import type { LocalizedText } from '../../db/schema.ts';
import type { products, subscriptions, vouchers } from '../../db/schema.ts';
import type { ItemState } from '@kassa/domain/contract/common';
import type { ShopContext } from '../../lib/context.ts';

type ItemTable = typeof products | typeof subscriptions | typeof vouchers;

/** The columns every item summary selects, from whichever item table. */
export function itemBaseColumns<T extends ItemTable>(table: T) {
  return {
    id: table.id,
    slug: table.slug,
    title: table.title,
    description: table.description,
    image: table.image,
    label: table.label,
    state: table.state,
    visible: table.visible,
    categoryId: table.categoryId,
    sort: table.sort,
  } as const;
}

export interface ItemBaseRow {
  id: number;
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  image: string | null;
  label: LocalizedText | null;
  state: ItemState;
  visible: boolean;
  categoryId: number | null;
  sort: number;
}

/** The fields products, subscriptions and vouchers share on the wire, in the request's language. */
export function toItemBase(row: ItemBaseRow, ctx: ShopContext) {
  return {
    id: row.id,
    slug: row.slug,
    title: ctx.text(row.title),
    description: ctx.text(row.description),
    image: row.image,
    label: ctx.text(row.label) || null,
    state: row.state,
    visible: row.visible,
    category: row.categoryId,
    sort: row.sort,
    full: false as const,
  };
}
