import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import type { Db, Tx } from '../db/client.ts';
import { loadCatalogueRows } from './read/catalogue-rows.ts';
import { readCategories } from './read/read-categories.ts';
import { readContext } from './read/read-context.ts';
import { readCoupons } from './read/read-coupons.ts';
import { readFields } from './read/read-fields.ts';
import { readOrganisation } from './read/read-organisation.ts';
import { readProducts } from './read/read-products.ts';
import { readSubscriptions } from './read/read-subscriptions.ts';
import { readUpsells } from './read/read-upsells.ts';
import { readVouchers } from './read/read-vouchers.ts';

/**
 * The shop's catalogue as a catalogue file (images as their /media/ paths):
 * what `shop export` writes and what an import is compared with. Archived
 * items are left out, as they are no longer sold.
 */
export async function readCatalogue(db: Db | Tx, organisationId: number): Promise<CatalogueFile> {
  const rows = await loadCatalogueRows(db, organisationId);
  const ctx = readContext(rows);
  return {
    version: 1,
    organisation: readOrganisation(ctx, rows.organisation, rows.fees),
    client_groups: rows.groups.map((g) => ({
      key: ctx.groupKey.get(g.id)!,
      name: ctx.requiredText(g.name),
      invoice: g.allowInvoice,
    })),
    categories: readCategories(ctx, rows.categories),
    upsells: readUpsells(ctx, rows.upsells),
    products: readProducts(ctx, rows),
    subscriptions: readSubscriptions(ctx, rows),
    vouchers: readVouchers(ctx, rows),
    coupons: readCoupons(ctx, rows.coupons),
    fields: readFields(ctx, rows.fields),
    faq: rows.faq.map((q) => ({
      question: ctx.requiredText(q.question),
      answer: ctx.requiredText(q.answer),
    })),
  };
}
