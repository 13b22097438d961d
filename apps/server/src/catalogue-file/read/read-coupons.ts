import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { decimal, defined } from '../file-values.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import { namesOf, type ReadContext } from './read-context.ts';

const dateOnly = (value: Date | null) => value?.toISOString().slice(0, 10);

/** The shop's coupons (not a client's own) with what they are restricted to and their dates. */
export function readCoupons(ctx: ReadContext, coupons: CatalogueRows['coupons']): CatalogueFile['coupons'] {
  return coupons.map((c) =>
    defined({
      code: c.code,
      percentage: c.kind === 'PERCENTAGE' ? c.value / 100 : undefined,
      amount: c.kind === 'AMOUNT' ? decimal(c.value) : undefined,
      max_tickets: c.maxTicketAmount ?? undefined,
      products: namesOf(c.productIds, ctx.productSlug),
      subscriptions: namesOf(c.subscriptionIds, ctx.subscriptionSlug),
      valid_from: dateOnly(c.validFrom),
      valid_until: dateOnly(c.validUntil),
      max_uses: c.maxUses ?? undefined,
    }),
  );
}
