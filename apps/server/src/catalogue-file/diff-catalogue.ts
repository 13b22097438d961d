import type { CatalogueCategory, CatalogueFile } from '@kassa/domain/contract/catalogue-file';

export interface EntityChanges {
  entity: string;
  added: string[];
  changed: string[];
  removed: string[];
}

/** JSON with sorted keys: two values are the same when these strings are. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function flatten(
  list: CatalogueCategory[],
  parent: string | null = null,
): (Omit<CatalogueCategory, 'children'> & { parent: string | null })[] {
  return list.flatMap(({ children, ...category }) => [
    { ...category, parent },
    ...flatten(children, category.slug),
  ]);
}

/** The top-level keys whose values differ: what the dry run names in brackets. */
function changedFields(before: unknown, after: unknown): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => stable(a[k]) !== stable(b[k]));
}

function compare<T>(
  entity: string,
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
): EntityChanges {
  const old = new Map(before.map((item) => [key(item), stable(item)]));
  const next = new Map(after.map((item) => [key(item), stable(item)]));
  const oldItems = new Map(before.map((item) => [key(item), item]));
  const changed = after
    .filter((item) => old.has(key(item)) && old.get(key(item)) !== next.get(key(item)))
    .map((item) => `${key(item)} (${changedFields(oldItems.get(key(item)), item).join(', ')})`);
  // Only the order of the items in both lists: an added or removed one moves nothing else.
  const oldOrder = [...old.keys()].filter((k) => next.has(k));
  const newOrder = [...next.keys()].filter((k) => old.has(k));
  if (oldOrder.join('\n') !== newOrder.join('\n')) changed.push('(order)');
  return {
    entity,
    added: [...next.keys()].filter((k) => !old.has(k)),
    changed,
    removed: [...old.keys()].filter((k) => !next.has(k)),
  };
}

/**
 * What an import would change, per entity, by slug or key: `before` is the
 * shop as read from the database, `after` the file in the same canonical
 * form (see canonicalFile). A new order of a list shows as
 * `changed (order)`.
 */
export function diffCatalogue(before: CatalogueFile, after: CatalogueFile): EntityChanges[] {
  const single = (entity: string, key: string, a: unknown, b: unknown): EntityChanges => ({
    entity,
    added: [],
    changed: stable(a) === stable(b) ? [] : [`${key} (${changedFields(a, b).join(', ')})`],
    removed: [],
  });
  return [
    single('organisation', after.organisation.slug, before.organisation, after.organisation),
    compare('client groups', before.client_groups, after.client_groups, (g) => g.key),
    compare('categories', flatten(before.categories), flatten(after.categories), (c) => c.slug),
    compare('upsells', before.upsells, after.upsells, (u) => u.key),
    compare('products', before.products, after.products, (p) => p.slug),
    compare('subscriptions', before.subscriptions, after.subscriptions, (x) => x.slug),
    compare('vouchers', before.vouchers, after.vouchers, (v) => v.slug),
    compare('coupons', before.coupons, after.coupons, (c) => c.code.toUpperCase()),
    compare('fields', before.fields, after.fields, (f) => f.key),
    faqChanges(before.faq, after.faq),
  ];
}

/** The FAQ is one list (nothing refers to a question): added, changed or removed as a whole. */
function faqChanges(before: CatalogueFile['faq'], after: CatalogueFile['faq']): EntityChanges {
  const none: EntityChanges = { entity: 'faq', added: [], changed: [], removed: [] };
  if (stable(before) === stable(after)) return none;
  const what = `${after.length} ${after.length === 1 ? 'question' : 'questions'}`;
  if (before.length === 0) return { ...none, added: [what] };
  if (after.length === 0) return { ...none, removed: [`${before.length} questions`] };
  return { ...none, changed: [what] };
}

export function hasChanges(changes: readonly EntityChanges[]): boolean {
  return changes.some((c) => c.added.length + c.changed.length + c.removed.length > 0);
}

/** The dry run's report: one line per entity that changes, or "no changes". */
export function describeChanges(changes: readonly EntityChanges[]): string[] {
  if (!hasChanges(changes)) return ['No changes.'];
  return changes.flatMap(({ entity, added, changed, removed }) => {
    const parts = [
      added.length ? `added ${added.join(', ')}` : '',
      changed.length ? `changed ${changed.join(', ')}` : '',
      removed.length ? `removed ${removed.join(', ')}` : '',
    ].filter(Boolean);
    return parts.length ? [`${entity}: ${parts.join('; ')}`] : [];
  });
}
