import type { Category } from '@kassa/domain/contract/catalog';
import { and, asc, eq } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.ts';
import { categories, products, subscriptions, vouchers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogViewer } from './catalog-viewer.ts';
import { displayableCategory, offeredItem } from '../../lib/displayable.ts';

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  title: categories.title,
  description: categories.description,
  image: categories.image,
  parentId: categories.parentId,
  state: categories.state,
  sort: categories.sort,
};
type CategoryRow = SelectResultFields<typeof categoryColumns>;

/** Displayable categories, each with the ids of its displayable children. */
export async function listCategories(db: Db, viewer: CatalogViewer): Promise<Category[]> {
  const rows = await db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.organisationId, viewer.organisation.id), displayableCategory(categories)))
    .orderBy(asc(categories.sort), asc(categories.id));
  const childIds = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const siblings = childIds.get(row.parentId) ?? [];
    siblings.push(row.id);
    childIds.set(row.parentId, siblings);
  }
  return rows.map((row) => toCategory(row, childIds.get(row.id) ?? [], viewer));
}

/** One displayable category with the ids of what the viewer may see in it. */
export async function getCategory(db: Db, viewer: CatalogViewer, id: number): Promise<Category> {
  const organisationId = viewer.organisation.id;
  const inCategory = (table: typeof products | typeof subscriptions | typeof vouchers) =>
    and(eq(table.categoryId, id), offeredItem(table, organisationId, viewer.groupIds));
  const [[row], children, productIds, subscriptionIds, voucherIds] = await Promise.all([
    db
      .select(categoryColumns)
      .from(categories)
      .where(
        and(
          eq(categories.id, id),
          eq(categories.organisationId, organisationId),
          displayableCategory(categories),
        ),
      )
      .limit(1),
    db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.parentId, id),
          eq(categories.organisationId, organisationId),
          displayableCategory(categories),
        ),
      )
      .orderBy(asc(categories.sort), asc(categories.id)),
    db
      .select({ id: products.id })
      .from(products)
      .where(inCategory(products))
      .orderBy(asc(products.sort), asc(products.id)),
    db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(inCategory(subscriptions))
      .orderBy(asc(subscriptions.sort), asc(subscriptions.id)),
    db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(inCategory(vouchers))
      .orderBy(asc(vouchers.sort), asc(vouchers.id)),
  ]);
  if (!row) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
  return {
    ...toCategory(
      row,
      children.map((child) => child.id),
      viewer,
    ),
    full: true,
    products: productIds.map((item) => item.id),
    subscriptions: subscriptionIds.map((item) => item.id),
    vouchers: voucherIds.map((item) => item.id),
  };
}

function toCategory(row: CategoryRow, children: number[], viewer: CatalogViewer): Category {
  return {
    id: row.id,
    slug: row.slug,
    title: viewer.text(row.title),
    description: viewer.text(row.description),
    image: row.image,
    parent: row.parentId,
    children,
    state: row.state,
    sort: row.sort,
    full: false,
  };
}
