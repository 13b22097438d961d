import type { CatalogueText } from '@kassa/domain/contract/catalogue-file';
import type { LocalizedText } from '../../db/schema.ts';
import { fileText } from '../file-values.ts';
import { rowKey } from '../row-key.ts';
import type { CatalogueRows } from './catalogue-rows.ts';

/** What every entity's reader needs: the shop's texts as the file writes them, and how rows name each other. */
export interface ReadContext {
  /** A stored text as the file writes it; none when empty. */
  text: (value: LocalizedText | null) => CatalogueText | undefined;
  /** A text the file requires: empty when none is stored. */
  requiredText: (value: LocalizedText) => CatalogueText;
  groupKey: ReadonlyMap<number, string>;
  categorySlug: ReadonlyMap<number, string>;
  upsellKey: ReadonlyMap<number, string>;
  productSlug: ReadonlyMap<number, string>;
  subscriptionSlug: ReadonlyMap<number, string>;
  voucherSlug: ReadonlyMap<number, string>;
}

export function readContext(rows: CatalogueRows): ReadContext {
  const language = rows.organisation.defaultLanguage;
  return {
    text: (value) => fileText(value, language),
    requiredText: (value) => fileText(value, language) ?? '',
    groupKey: new Map(rows.groups.map((g) => [g.id, rowKey(g, 'group')])),
    categorySlug: new Map(rows.categories.map((c) => [c.id, c.slug])),
    upsellKey: new Map(rows.upsells.map((u) => [u.id, rowKey(u, 'upsell')])),
    productSlug: new Map(rows.products.map((p) => [p.id, p.slug])),
    subscriptionSlug: new Map(rows.subscriptions.map((x) => [x.id, x.slug])),
    voucherSlug: new Map(rows.vouchers.map((v) => [v.id, v.slug])),
  };
}

/** The file's names of the rows `ids` point at, in order; ids of rows no longer there are left out. */
export function namesOf(ids: readonly number[], names: ReadonlyMap<number, string>): string[] {
  return ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : []));
}
