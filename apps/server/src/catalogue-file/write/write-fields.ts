import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { deleteOthers } from './delete-others.ts';
import { rowKey } from '../row-key.ts';
import type { WriteContext } from './write-context.ts';

type Field = CatalogueFile['fields'][number];

/** The items a customer field may be restricted to. */
export interface FieldLinks {
  productIds: ReadonlyMap<string, number>;
  subscriptionIds: ReadonlyMap<string, number>;
  voucherIds: ReadonlyMap<string, number>;
}

/** The file's customer fields, matched by key; the others are deleted. */
export async function writeFields(
  ctx: WriteContext,
  links: FieldLinks,
  fields: CatalogueFile['fields'],
): Promise<void> {
  const { tx } = ctx;
  const ids: number[] = [];
  for (const [sort, field] of fields.entries()) {
    const found = ctx.current?.fields.find((f) => rowKey(f, 'field') === field.key);
    const values = fieldValues(ctx, links, field, sort);
    if (found) {
      await tx.update(s.fields).set(values).where(eq(s.fields.id, found.id));
      ids.push(found.id);
    } else {
      const [row] = await tx.insert(s.fields).values(values).returning({ id: s.fields.id });
      ids.push(row!.id);
    }
  }
  await deleteOthers(tx, s.fields, ctx.organisationId, ids);
}

function fieldValues(ctx: WriteContext, links: FieldLinks, field: Field, sort: number) {
  return {
    organisationId: ctx.organisationId,
    key: field.key,
    type: field.type,
    name: ctx.text(field.name),
    required: field.required,
    isDefault: field.built_in,
    sort,
    options: field.options.map((o) => ({ value: o.value, label: ctx.text(o.label) })),
    restrictProducts: field.products.map((slug) => links.productIds.get(slug)!),
    restrictSubscriptions: field.subscriptions.map((slug) => links.subscriptionIds.get(slug)!),
    restrictVouchers: field.vouchers.map((slug) => links.voucherIds.get(slug)!),
  };
}
