import { categories, type ItemState } from '../db/schema.ts';
import { media, type SeedContext } from './context.ts';
import { categoryTexts, type CategoryKey } from './texts/categories.ts';

export type CategoryIds = Record<CategoryKey, number>;

interface CategorySeed {
  key: CategoryKey;
  parent?: CategoryKey;
  image: string;
  state?: ItemState;
}

/** Parents before children: a child's parent id must exist when it is inserted. */
const TREE: CategorySeed[] = [
  { key: 'museum', image: 'category-museum.svg' },
  { key: 'exhibitions', parent: 'museum', image: 'light-colour.svg' },
  { key: 'tours', parent: 'museum', image: 'guided-tour.svg' },
  { key: 'days-out', image: 'category-days-out.svg' },
  { key: 'water', parent: 'days-out', image: 'category-water.svg' },
  { key: 'experiences', image: 'category-experiences.svg' },
  // Reachable by link only; holds the Friends' offers.
  { key: 'members', image: 'category-members.svg', state: 'INVISIBLE' },
  // Not served at all yet.
  { key: 'coming-soon', image: 'category-coming-soon.svg', state: 'DRAFT' },
];

export async function seedCategories({ tx, organisationId }: SeedContext): Promise<CategoryIds> {
  const ids: Partial<CategoryIds> = {};
  // One level per statement: two levels, two inserts.
  for (const level of [TREE.filter((c) => !c.parent), TREE.filter((c) => c.parent)]) {
    const rows = await tx
      .insert(categories)
      .values(
        level.map((c) => ({
          organisationId,
          parentId: c.parent ? ids[c.parent]! : null,
          slug: c.key,
          title: categoryTexts[c.key].title,
          description: categoryTexts[c.key].description,
          image: media(c.image),
          state: c.state ?? 'PUBLISHED',
          sort: TREE.indexOf(c),
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const row of rows) ids[row.slug as CategoryKey] = row.id;
  }
  return ids as CategoryIds;
}
