import {
  cancellationPolicyOf,
  rushSettingsOf,
  type CatalogueFile,
} from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import type { ApplyScheduleResult } from '../../modules/schedules/apply-schedule.ts';
import { describeRefusal } from '../../modules/schedules/schedule-result-text.ts';
import { cents } from '../file-values.ts';
import { keyFactsColumn } from '../key-facts-adapter.ts';
import { writeSchedule } from '../schedules-adapter.ts';
import { itemValues, type ItemLinks } from './item-values.ts';
import { writeAudiences } from './write-audiences.ts';
import type { WriteContext } from './write-context.ts';
import { writeOpenPlot } from './write-open-plot.ts';

type Product = CatalogueFile['products'][number];

/** What applying (or, on a dry run, planning) one product's schedule does to its plots. */
export interface ProductPlotChanges {
  slug: string;
  result: ApplyScheduleResult;
}

export interface WrittenProducts {
  /** Each slug's id. */
  ids: Map<string, number>;
  /** One entry per product with a schedule, in file order. */
  plots: ProductPlotChanges[];
  /** Why a schedule may not be applied: it would take held seats. */
  refusals: string[];
}

/** How products' schedules are applied: on the shop's today, and only planned on a dry run. */
export interface ScheduleOptions {
  today: string;
  now: Date;
  dryRun: boolean;
}

/**
 * The file's products, matched by slug, each with its audiences, its open
 * plot (a product without days) and its schedule's plots. The links between
 * products (upsells, cross-sells) come after, once every product has an id.
 */
export async function writeProducts(
  ctx: WriteContext,
  links: ItemLinks,
  products: CatalogueFile['products'],
  schedules: ScheduleOptions,
): Promise<WrittenProducts> {
  const written: WrittenProducts = { ids: new Map(), plots: [], refusals: [] };
  for (const [sort, product] of products.entries()) {
    const productId = await writeProductRow(ctx, links, product, sort);
    written.ids.set(product.slug, productId);
    await writeAudiences(ctx, { productId }, product.audiences);
    if (!product.days)
      await writeOpenPlot(
        ctx.tx,
        productId,
        product.capacity_type === 'NONE' ? null : (product.capacity ?? null),
      );
    const planned = await writeSchedule(ctx.tx, productId, product.schedule ?? null, schedules.today, {
      dryRun: schedules.dryRun,
      now: schedules.now,
    });
    if (planned) {
      written.plots.push({ slug: product.slug, result: planned });
      for (const refusal of planned.refused)
        written.refusals.push(`products[${sort}].schedule: ${describeRefusal(refusal)}`);
    }
  }
  return written;
}

async function writeProductRow(ctx: WriteContext, links: ItemLinks, product: Product, sort: number) {
  const { tx } = ctx;
  const found = ctx.current?.products.find((p) => p.slug === product.slug);
  const values = {
    ...itemValues(ctx, links, product, sort),
    priceType: product.price_type,
    capacityType: product.capacity_type,
    priceCents: cents(product.price),
    vatRate: product.vat_rate,
    minQuantity: product.min_quantity,
    maxQuantity: product.max_quantity ?? null,
    hasDays: product.days,
    hasTimeslots: product.timeslots,
    showEndTime: product.show_end_time,
    showAvailability: product.show_availability,
    allowReservations: product.allow_reservations,
    salesEndMinutes: product.sales_end_minutes ?? 0,
    waitlistOfferHours: product.waitlist?.offer_hours ?? 2,
    cancellationPolicy: product.cancellation ? cancellationPolicyOf(product.cancellation) : null,
    rush: product.rush ? rushSettingsOf(product.rush) : null,
    ...keyFactsColumn(product.key_facts?.map((f) => ({ kind: f.kind, text: ctx.text(f.text) }))),
  };
  if (found) {
    await tx.update(s.products).set(values).where(eq(s.products.id, found.id));
    return found.id;
  }
  const [row] = await tx.insert(s.products).values(values).returning({ id: s.products.id });
  return row!.id;
}
