import { calendarDateAt } from '@kassa/domain/rules/wall-clock';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  audiences,
  clientSubscriptions,
  orders,
  organisations,
  subscriptionOrders,
  subscriptionPasses,
  subscriptions,
} from '../../db/schema.ts';
import { pickText } from '../../lib/language.ts';
import { loadOrderReceipt, type OrderReceipt } from '../../tickets/order-receipt.ts';

/** An order's subscription as the passes mail and PDF print it, in the order's language. */
export interface OrderPasses {
  orderId: number;
  /** The public order reference, grouped for reading (decision 0104). */
  reference: string;
  /** What the order paid for (decision 0186), in the order's language. */
  receipt: OrderReceipt;
  language: string;
  shop: string;
  customer: { name: string; email: string };
  title: string;
  /** YYYY-MM-DD in the shop's zone. */
  expiration: string;
  renewal: boolean;
  passes: { secret: string; name: string; audience: string | null; birthday: string | null }[];
}

/** The holding a paid subscription order made or renewed, with its passes; null when there is none. */
export async function loadOrderPasses(db: Db, orderId: number): Promise<OrderPasses | null> {
  const [row] = await db
    .select({
      order: orders,
      renews: subscriptionOrders.renewsClientSubscriptionId,
      shop: organisations.name,
      timeZone: organisations.timeZone,
      fallback: organisations.defaultLanguage,
      title: subscriptions.title,
    })
    .from(orders)
    .innerJoin(subscriptionOrders, eq(subscriptionOrders.orderId, orders.id))
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionOrders.subscriptionId))
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [holding] = await db
    .select()
    .from(clientSubscriptions)
    .where(
      row.renews !== null ? eq(clientSubscriptions.id, row.renews) : eq(clientSubscriptions.orderId, orderId),
    );
  if (!holding) return null;
  const passes = await db
    .select({
      secret: subscriptionPasses.secret,
      name: subscriptionPasses.fullName,
      birthday: subscriptionPasses.birthday,
      audience: audiences.name,
    })
    .from(subscriptionPasses)
    .leftJoin(audiences, eq(audiences.id, subscriptionPasses.audienceId))
    .where(eq(subscriptionPasses.clientSubscriptionId, holding.id))
    .orderBy(asc(subscriptionPasses.id));
  const receipt = await loadOrderReceipt(db, orderId, row.order.language);
  if (!receipt) return null;
  const text = (value: Parameters<typeof pickText>[0]) => pickText(value, row.order.language, row.fallback);
  const customer = row.order.customer;
  return {
    orderId,
    reference: receipt.reference,
    receipt,
    language: row.order.language,
    shop: row.shop,
    customer: { name: `${customer.first_name} ${customer.last_name}`.trim(), email: customer.email },
    title: text(row.title),
    expiration: calendarDateAt(holding.expiresAt, row.timeZone),
    renewal: row.renews !== null,
    passes: passes.map((pass) => ({
      secret: pass.secret,
      name: pass.name,
      birthday: pass.birthday,
      audience: pass.audience ? text(pass.audience) || null : null,
    })),
  };
}
