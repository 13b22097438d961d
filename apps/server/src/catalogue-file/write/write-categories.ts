import type { CatalogueCategory } from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { deleteOthers } from './delete-others.ts';
import type { WriteContext } from './write-context.ts';

type Placed = { category: CatalogueCategory; parent: string | null };

function flatten(list: CatalogueCategory[], parent: string | null = null): Placed[] {
  return list.flatMap((category) => [{ category, parent }, ...flatten(category.children, category.slug)]);
}

/**
 * The file's category tree, matched by slug: rows first, in tree order,
 * then parents once every slug has an id; the others are deleted. Answers
 * each slug's id.
 */
export async function writeCategories(
  ctx: WriteContext,
  tree: CatalogueCategory[],
): Promise<Map<string, number>> {
  const { tx } = ctx;
  const ids = new Map<string, number>();
  const flat = flatten(tree);
  for (const [sort, { category }] of flat.entries())
    ids.set(category.slug, await writeCategory(ctx, category, sort));
  for (const { category, parent } of flat)
    await tx
      .update(s.categories)
      .set({ parentId: parent === null ? null : ids.get(parent)! })
      .where(eq(s.categories.id, ids.get(category.slug)!));
  await deleteOthers(tx, s.categories, ctx.organisationId, [...ids.values()]);
  return ids;
}

async function writeCategory(ctx: WriteContext, category: CatalogueCategory, sort: number): Promise<number> {
  const { tx } = ctx;
  const found = ctx.current?.categories.find((c) => c.slug === category.slug);
  const values = {
    organisationId: ctx.organisationId,
    slug: category.slug,
    title: ctx.text(category.title),
    description: ctx.text(category.description),
    image: ctx.image(category.image),
    state: category.state,
    sort,
  };
  if (found) {
    await tx.update(s.categories).set(values).where(eq(s.categories.id, found.id));
    return found.id;
  }
  const [row] = await tx.insert(s.categories).values(values).returning({ id: s.categories.id });
  return row!.id;
}
