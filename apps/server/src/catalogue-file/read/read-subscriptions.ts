import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { decimal, defined } from '../file-values.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import { namesOf, type ReadContext } from './read-context.ts';
import { readAudience, readItem } from './read-item.ts';

/** The live subscriptions with their products, audiences and upsells. */
export function readSubscriptions(ctx: ReadContext, rows: CatalogueRows): CatalogueFile['subscriptions'] {
  return rows.subscriptions.map((x) =>
    defined({
      ...readItem(ctx, x),
      type: x.type,
      price: decimal(x.priceCents),
      vat_rate: (x.vatRate ?? undefined) as string,
      products: namesOf(x.productIds, ctx.productSlug),
      redemptions: x.redemptions === -1 ? undefined : x.redemptions,
      validity_days: x.validityDays,
      audiences: rows.audiences.filter((a) => a.subscriptionId === x.id).map((a) => readAudience(ctx, a)),
      upsells: namesOf(
        rows.subscriptionUpsells.filter((u) => u.subscriptionId === x.id).map((u) => u.upsellId),
        ctx.upsellKey,
      ),
    }),
  );
}
