import type { SubscriptionSummary } from '@kassa/domain/contract/catalog';
import { centsToAmount } from '@kassa/domain/rules/money';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { subscriptions } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { itemBaseColumns, toItemBase } from './item-base.ts';

export const subscriptionSummaryColumns = {
  ...itemBaseColumns(subscriptions),
  type: subscriptions.type,
  priceCents: subscriptions.priceCents,
};

export type SubscriptionSummaryRow = SelectResultFields<typeof subscriptionSummaryColumns>;

export function toSubscriptionSummary(row: SubscriptionSummaryRow, ctx: ShopContext): SubscriptionSummary {
  return {
    ...toItemBase(row, ctx),
    type: row.type,
    price: centsToAmount(row.priceCents),
  };
}
