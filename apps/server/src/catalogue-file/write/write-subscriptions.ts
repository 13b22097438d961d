import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { cents } from '../file-values.ts';
import { itemValues, type ItemLinks } from './item-values.ts';
import { writeAudiences } from './write-audiences.ts';
import type { WriteContext } from './write-context.ts';

type Subscription = CatalogueFile['subscriptions'][number];

/** What a subscription's columns point at besides its category and groups. */
export interface SubscriptionLinks extends ItemLinks {
  productIds: ReadonlyMap<string, number>;
  upsellIds: ReadonlyMap<string, number>;
}

/** The file's subscriptions, matched by slug, each with its audiences and upsells. Answers each slug's id. */
export async function writeSubscriptions(
  ctx: WriteContext,
  links: SubscriptionLinks,
  subscriptions: CatalogueFile['subscriptions'],
): Promise<Map<string, number>> {
  const { tx } = ctx;
  const ids = new Map<string, number>();
  for (const [sort, subscription] of subscriptions.entries()) {
    const subscriptionId = await writeSubscriptionRow(ctx, links, subscription, sort);
    ids.set(subscription.slug, subscriptionId);
    await writeAudiences(ctx, { subscriptionId }, subscription.audiences);
    await tx.delete(s.subscriptionUpsells).where(eq(s.subscriptionUpsells.subscriptionId, subscriptionId));
    if (subscription.upsells.length)
      await tx.insert(s.subscriptionUpsells).values(
        subscription.upsells.map((key, sort) => ({
          subscriptionId,
          upsellId: links.upsellIds.get(key)!,
          sort,
        })),
      );
  }
  return ids;
}

async function writeSubscriptionRow(
  ctx: WriteContext,
  links: SubscriptionLinks,
  subscription: Subscription,
  sort: number,
): Promise<number> {
  const { tx } = ctx;
  const found = ctx.current?.subscriptions.find((x) => x.slug === subscription.slug);
  const values = {
    ...itemValues(ctx, links, subscription, sort),
    type: subscription.type,
    priceCents: cents(subscription.price),
    vatRate: subscription.vat_rate,
    productIds: subscription.products.map((slug) => links.productIds.get(slug)!),
    redemptions: subscription.redemptions ?? -1,
    validityDays: subscription.validity_days,
  };
  if (found) {
    await tx.update(s.subscriptions).set(values).where(eq(s.subscriptions.id, found.id));
    return found.id;
  }
  const [row] = await tx.insert(s.subscriptions).values(values).returning({ id: s.subscriptions.id });
  return row!.id;
}
