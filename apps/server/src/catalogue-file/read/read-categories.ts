import type { CatalogueCategory } from '@kassa/domain/contract/catalogue-file';
import { defined } from '../file-values.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import type { ReadContext } from './read-context.ts';

/** The children of `parentId` (the top level for null), each with its own children; archived ones left out. */
export function readCategories(
  ctx: ReadContext,
  categories: CatalogueRows['categories'],
  parentId: number | null = null,
): CatalogueCategory[] {
  return categories
    .filter((c) => c.parentId === parentId && c.state !== 'ARCHIVED')
    .map((c) =>
      defined({
        slug: c.slug,
        title: ctx.requiredText(c.title),
        description: ctx.text(c.description),
        image: c.image ?? undefined,
        state: c.state as CatalogueCategory['state'],
        children: readCategories(ctx, categories, c.id),
      }),
    );
}
