import { rushBlockOf, type CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { decimal, defined } from '../file-values.ts';
import { storedKeyFacts } from '../key-facts-adapter.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import { namesOf, type ReadContext } from './read-context.ts';
import { readAudience, readItem } from './read-item.ts';

type ProductRow = CatalogueRows['products'][number];

/** The live products with their audiences, capacity, schedule, key facts, upsells and cross-sells. */
export function readProducts(ctx: ReadContext, rows: CatalogueRows): CatalogueFile['products'] {
  return rows.products.map((p) =>
    defined({
      ...readItem(ctx, p),
      price_type: p.priceType,
      capacity_type: p.capacityType,
      price: decimal(p.priceCents),
      vat_rate: (p.vatRate ?? undefined) as string,
      min_quantity: p.minQuantity,
      max_quantity: p.maxQuantity ?? undefined,
      days: p.hasDays,
      timeslots: p.hasTimeslots,
      show_end_time: p.showEndTime,
      show_availability: p.showAvailability,
      allow_reservations: p.allowReservations,
      sales_end_minutes: p.salesEndMinutes === 0 ? undefined : p.salesEndMinutes,
      waitlist: p.waitlistOfferHours === 2 ? undefined : { offer_hours: p.waitlistOfferHours },
      cancellation: p.cancellationPolicy
        ? defined({
            free_until_hours: p.cancellationPolicy.freeUntilHours,
            // No tiers: no `fees` in the file (its default), so export → import is a no-op.
            fees: (p.cancellationPolicy.tiers.length
              ? p.cancellationPolicy.tiers.map((t) => ({
                  until_hours: t.untilHours,
                  fee_percent: t.feePercent,
                }))
              : undefined) as { until_hours: number; fee_percent: number }[],
            refund_to: p.cancellationPolicy.refundTo,
            voucher_bonus_percent: p.cancellationPolicy.voucherBonusPercent,
          })
        : undefined,
      rush: p.rush ? rushBlockOf(p.rush) : undefined,
      capacity: openCapacity(rows, p),
      audiences: rows.audiences.filter((a) => a.productId === p.id).map((a) => readAudience(ctx, a)),
      schedule: rows.schedules.get(p.id),
      key_facts: storedKeyFacts(p)?.map((f) => ({ kind: f.kind, text: ctx.requiredText(f.text) })),
      upsells: namesOf(
        rows.productUpsells.filter((u) => u.productId === p.id).map((u) => u.upsellId),
        ctx.upsellKey,
      ),
      cross_sells: namesOf(
        rows.crossSells.filter((c) => c.productId === p.id).map((c) => c.crossProductId),
        ctx.productSlug,
      ),
    }),
  );
}

/** The seats of a product without days: its open plot's capacity, when it has one. */
function openCapacity(rows: CatalogueRows, p: ProductRow): number | undefined {
  const open = rows.openPlots.find((plot) => plot.productId === p.id);
  return !p.hasDays && open?.capacity != null ? open.capacity : undefined;
}
