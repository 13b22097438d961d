import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { cents } from '../file-values.ts';
import type { WriteContext } from './write-context.ts';

type Coupon = CatalogueFile['coupons'][number];

/** What coupons are restricted to. */
export interface CouponLinks {
  productIds: ReadonlyMap<string, number>;
  subscriptionIds: ReadonlyMap<string, number>;
}

/**
 * The file's coupons, matched by code; the count of uses is the shop's,
 * never the file's. The shop's other coupons are deleted, except a client's
 * own (a loyalty code), which is not part of the catalogue.
 */
export async function writeCoupons(
  ctx: WriteContext,
  links: CouponLinks,
  coupons: CatalogueFile['coupons'],
): Promise<void> {
  const { tx, organisationId } = ctx;
  const ids: number[] = [];
  for (const coupon of coupons) {
    const values = couponValues(organisationId, links, coupon);
    const found = ctx.current?.coupons.find((c) => c.code === values.code);
    if (found) {
      await tx.update(s.coupons).set(values).where(eq(s.coupons.id, found.id));
      ids.push(found.id);
    } else {
      const [row] = await tx.insert(s.coupons).values(values).returning({ id: s.coupons.id });
      ids.push(row!.id);
    }
  }
  await tx
    .delete(s.coupons)
    .where(
      and(
        eq(s.coupons.organisationId, organisationId),
        isNull(s.coupons.clientId),
        ids.length ? notInArray(s.coupons.id, ids) : undefined,
      ),
    );
}

function couponValues(organisationId: number, links: CouponLinks, coupon: Coupon) {
  return {
    organisationId,
    code: coupon.code.toUpperCase(),
    kind: coupon.percentage !== undefined ? ('PERCENTAGE' as const) : ('AMOUNT' as const),
    value: coupon.percentage !== undefined ? Math.round(coupon.percentage * 100) : cents(coupon.amount!),
    maxTicketAmount: coupon.max_tickets ?? null,
    productIds: coupon.products.map((slug) => links.productIds.get(slug)!),
    subscriptionIds: coupon.subscriptions.map((slug) => links.subscriptionIds.get(slug)!),
    validFrom: coupon.valid_from ? new Date(`${coupon.valid_from}T00:00:00.000Z`) : null,
    validUntil: coupon.valid_until ? new Date(`${coupon.valid_until}T23:59:59.999Z`) : null,
    maxUses: coupon.max_uses ?? null,
  };
}
