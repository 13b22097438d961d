import type { CatalogueFile, CatalogueText } from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { storedText } from './file-values.ts';
import { loadCurrentCatalogue, type CurrentCatalogue } from './write/current-catalogue.ts';
import { deleteOthers } from './write/delete-others.ts';
import type { ItemLinks } from './write/item-values.ts';
import { openPlotShortfalls } from './write/open-plot-shortfalls.ts';
import { removeItems } from './write/remove-items.ts';
import { removedOrderedParts } from './write/removed-ordered-parts.ts';
import { removedSoldItems } from './write/removed-sold-items.ts';
import { writeCategories } from './write/write-categories.ts';
import { writeClientGroups } from './write/write-client-groups.ts';
import type { WriteContext } from './write/write-context.ts';
import { writeCoupons } from './write/write-coupons.ts';
import { writeFaq } from './write/write-faq.ts';
import { writeFields } from './write/write-fields.ts';
import { writeOrganisation } from './write/write-organisation.ts';
import { writeProductLinks } from './write/write-product-links.ts';
import { writeProducts, type ProductPlotChanges } from './write/write-products.ts';
import { writeSubscriptions } from './write/write-subscriptions.ts';
import { writeUpsells } from './write/write-upsells.ts';
import { writeVouchers } from './write/write-vouchers.ts';

/** An import that would break what is sold: nothing is written, every reason is listed. */
export class CatalogueRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(`The import was refused; nothing was changed:\n${reasons.map((r) => `  - ${r}`).join('\n')}`);
  }
}

export interface WriteOptions {
  now: Date;
  /** Today in the shop's time zone (YYYY-MM-DD), for schedules. */
  today: string;
  /** The /media/ path (or URL) each image of the file is stored as. */
  images: ReadonlyMap<string, string>;
  /**
   * Test-only switches, as orders/take-seats.ts has: lockPlots false skips the
   * plot lock (the negative control), delayAfterCheckMs widens the window
   * between counting sold seats and writing, so the race the lock prevents
   * shows deterministically.
   */
  checks?: { lockPlots?: boolean; delayAfterCheckMs?: number; onChecked?: () => void };
  /** Plan the schedules' plots without writing them (the import's dry run, rolled back). */
  dryRun?: boolean;
}

export interface WriteResult {
  organisationId: number;
  /** One entry per product with a schedule, in file order. */
  plots: ProductPlotChanges[];
}

/**
 * Writes a validated catalogue file into the shop of its organisation slug
 * (made when missing), inside the caller's transaction: rows are matched by
 * slug or key and changed in place, rows the file no longer has are removed.
 * First every removal and capacity is checked against what is sold; one
 * refusal throws CatalogueRefused before anything is written.
 */
export async function writeCatalogue(
  tx: Tx,
  file: CatalogueFile,
  options: WriteOptions,
): Promise<WriteResult> {
  const [existingOrg] = await tx
    .select({ id: s.organisations.id })
    .from(s.organisations)
    .where(eq(s.organisations.slug, file.organisation.slug));
  const current = existingOrg ? await loadCurrentCatalogue(tx, existingOrg.id) : null;
  if (current) await refuseBreakingChanges(tx, file, current, options);
  options.checks?.onChecked?.();
  if (options.checks?.delayAfterCheckMs)
    await new Promise((resolve) => setTimeout(resolve, options.checks!.delayAfterCheckMs));

  const image = (value: string | undefined) =>
    value === undefined ? null : (options.images.get(value) ?? value);
  const ctx: WriteContext = {
    tx,
    organisationId: await writeOrganisation(tx, file.organisation, existingOrg?.id, image),
    current,
    text: (value: CatalogueText | undefined) => storedText(value, file.organisation.default_language),
    image,
  };
  const groupIds = await writeClientGroups(ctx, file.client_groups);
  const categoryIds = await writeCategories(ctx, file.categories);
  const upsellIds = await writeUpsells(ctx, file.upsells);
  const items = await writeItems(ctx, file, { groupIds, categoryIds, upsellIds }, options);
  // What the file removed goes once nothing it keeps points at it.
  await removeItems(tx, current, items);
  await deleteOthers(tx, s.upsells, ctx.organisationId, [...upsellIds.values()]);
  await writeCoupons(ctx, items, file.coupons);
  await writeFields(ctx, items, file.fields);
  await writeFaq(ctx, file.faq);
  return { organisationId: ctx.organisationId, plots: items.plots };
}

/**
 * Everything an import may not do to what is sold, checked before any write:
 * a product, subscription or voucher with standing orders removed; an
 * audience, upsell or voucher value that was ever ordered removed (the order
 * lines keep pointing at it); an open plot's capacity below its seats sold.
 */
async function refuseBreakingChanges(
  tx: Tx,
  file: CatalogueFile,
  current: CurrentCatalogue,
  options: WriteOptions,
): Promise<void> {
  const reasons = [
    ...(await removedSoldItems(tx, file, current)),
    ...(await removedOrderedParts(tx, file, current)),
    ...(await openPlotShortfalls(tx, file, current, options.now, options.checks?.lockPlots ?? true)),
  ];
  if (reasons.length) throw new CatalogueRefused(reasons);
}

/**
 * Products (then the links between them, once each has an id), subscriptions
 * and vouchers. Answers their ids by slug and the products' plot changes.
 */
async function writeItems(
  ctx: WriteContext,
  file: CatalogueFile,
  links: ItemLinks & { upsellIds: ReadonlyMap<string, number> },
  options: WriteOptions,
) {
  const products = await writeProducts(ctx, links, file.products, {
    today: options.today,
    now: options.now,
    dryRun: options.dryRun ?? false,
  });
  // A schedule that would take held seats: the whole import is refused, as for any other sold seat.
  if (products.refusals.length) throw new CatalogueRefused(products.refusals);
  await writeProductLinks(ctx, file.products, products.ids, links.upsellIds);
  const productIds = products.ids;
  const subscriptionIds = await writeSubscriptions(ctx, { ...links, productIds }, file.subscriptions);
  const voucherIds = await writeVouchers(ctx, links, file.vouchers);
  return { productIds, subscriptionIds, voucherIds, plots: products.plots };
}
