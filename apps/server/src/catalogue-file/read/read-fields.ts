import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { rowKey } from '../row-key.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import { namesOf, type ReadContext } from './read-context.ts';

/** The customer fields with their options and the items they are restricted to. */
export function readFields(ctx: ReadContext, fields: CatalogueRows['fields']): CatalogueFile['fields'] {
  return fields.map((f) => ({
    key: rowKey(f, 'field'),
    type: f.type,
    name: ctx.requiredText(f.name),
    required: f.required,
    built_in: f.isDefault,
    options: f.options.map((o) => ({ value: o.value, label: ctx.requiredText(o.label) })),
    products: namesOf(f.restrictProducts, ctx.productSlug),
    subscriptions: namesOf(f.restrictSubscriptions, ctx.subscriptionSlug),
    vouchers: namesOf(f.restrictVouchers, ctx.voucherSlug),
  }));
}
