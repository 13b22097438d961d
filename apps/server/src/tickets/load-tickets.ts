import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { shopDate } from '@kassa/domain/rules/shop-date';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { audiences, orderLines, orders, organisations, plots, products, tickets } from '../db/schema.ts';
import { pickText } from '../lib/language.ts';
import { formatTimeRange } from '@kassa/domain/rules/time-range';
import { loadOrderReceipt, type OrderReceipt } from './order-receipt.ts';

/** One ticket as printed: texts already in the order's language. */
export interface PrintedTicket {
  secret: string;
  product: string;
  /** The plot's day in the organisation's time zone, written out; null for products without days. */
  date: string | null;
  /** HH:MM or HH:MM - HH:MM; null without a time slot. */
  time: string | null;
  audience: string | null;
  /**
   * Extras of its item handed out at the door (upsells.show_on_ticket), e.g.
   * "2 × Audio guide": on the item's first ticket only, since they were bought
   * once for the whole item (decision 0185); empty on its other tickets.
   */
  extras: string[];
}

export interface OrderTickets {
  orderId: number;
  /** The public order reference, grouped for reading (decision 0104): what the customer sees as the order number. */
  reference: string;
  orderHash: string;
  language: string;
  shop: string;
  timeZone: string;
  customer: { name: string; email: string };
  tickets: PrintedTicket[];
  /** What the order paid for (decision 0149), in the order's language. */
  receipt: OrderReceipt;
}

/** The order's tickets with everything the PDF and the mail print; null for an unknown order. */
export async function loadOrderTickets(db: Db, orderId: number): Promise<OrderTickets | null> {
  const [order] = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      hash: orders.hash,
      language: orders.language,
      customer: orders.customer,
      shop: organisations.name,
      timeZone: organisations.timeZone,
      dateFormat: organisations.dateFormat,
      fallback: organisations.defaultLanguage,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const rows = await db
    .select({
      secret: tickets.secret,
      title: products.title,
      date: plots.date,
      startTime: plots.startTime,
      endTime: plots.endTime,
      showEndTime: products.showEndTime,
      audience: audiences.name,
      itemIndex: orderLines.itemIndex,
    })
    .from(tickets)
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(plots, eq(plots.id, orderLines.plotId))
    .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(orderLines.id), asc(tickets.createdAt), asc(tickets.secret));
  const text = (value: Parameters<typeof pickText>[0]) => pickText(value, order.language, order.fallback);
  const receipt = (await loadOrderReceipt(db, order.id, order.language))!;
  const extrasOf = (itemIndex: number) =>
    (receipt.items.find((item) => item.index === itemIndex)?.lines ?? [])
      .filter((line) => line.showOnTicket)
      .map((line) => `${line.quantity} × ${line.label}`);
  return {
    orderId: order.id,
    reference: formatOrderReference(order.reference),
    orderHash: order.hash,
    language: order.language,
    shop: order.shop,
    timeZone: order.timeZone,
    customer: {
      name: `${order.customer.first_name} ${order.customer.last_name}`.trim(),
      email: order.customer.email,
    },
    tickets: rows.map((row, index) => ({
      secret: row.secret,
      product: text(row.title),
      date: row.date ? shopDate(row.date, order.language, order.dateFormat) : null,
      time: formatTimeRange(row.startTime, row.showEndTime ? row.endTime : null),
      audience: row.audience ? text(row.audience) : null,
      extras:
        rows.findIndex((other) => other.itemIndex === row.itemIndex) === index ? extrasOf(row.itemIndex) : [],
    })),
    receipt,
  };
}
