import type { SubscriptionSummary } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { subscriptions } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

export const subscriptionSummaryColumns = {
  id: subscriptions.id,
  slug: subscriptions.slug,
  title: subscriptions.title,
  description: subscriptions.description,
  image: subscriptions.image,
  label: subscriptions.label,
  state: subscriptions.state,
  visible: subscriptions.visible,
  categoryId: subscriptions.categoryId,
  sort: subscriptions.sort,
  type: subscriptions.type,
  priceCents: subscriptions.priceCents,
};

export type SubscriptionSummaryRow = SelectResultFields<typeof subscriptionSummaryColumns>;

export function toSubscriptionSummary(row: SubscriptionSummaryRow, ctx: ShopContext): SubscriptionSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: ctx.text(row.title),
    description: ctx.text(row.description),
    image: row.image,
    label: ctx.text(row.label) || null,
    state: row.state,
    visible: row.visible,
    category: row.categoryId,
    sort: row.sort,
    full: false,
    type: row.type,
    price: centsToAmount(row.priceCents),
  };
}
