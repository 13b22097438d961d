import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  invoices,
  audiences,
  clientSubscriptions,
  coupons,
  fields,
  issuedVouchers,
  organisationAdditions,
  orderLines,
  orderRedemptions,
  orders,
  payments,
  plots,
  products,
  subscriptions,
  upsells,
  voucherValues,
  vouchers,
  type OrderStatus,
} from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { pickText } from '../../lib/language.ts';
import { buildExportOrder, type ExportShop, type NamedLine } from './build-export-order.ts';
import type { ExportOrder } from './export-order.ts';

/** Which orders an export holds. */
export interface ExportFilter {
  /** First and last day (YYYY-MM-DD, inclusive) of the orders' creation, on the shop's calendar. */
  from: string;
  to: string;
  /** Empty: every status. */
  statuses: readonly OrderStatus[];
}

/** Orders read per round trip: a large export never holds more than one page in memory. */
export const EXPORT_PAGE_SIZE = 200;

/** The shop-wide part of an export: its zone, currency, language, custom fields and fees. */
export async function loadExportShop(db: Db, organisation: Organisation): Promise<ExportShop> {
  const [fieldRows, additionRows] = await Promise.all([
    db
      .select({ id: fields.id, type: fields.type, name: fields.name, isDefault: fields.isDefault })
      .from(fields)
      .where(eq(fields.organisationId, organisation.id))
      .orderBy(asc(fields.sort), asc(fields.id)),
    db
      .select({ name: organisationAdditions.name, amountCents: organisationAdditions.amountCents })
      .from(organisationAdditions)
      .where(eq(organisationAdditions.organisationId, organisation.id)),
  ]);
  // Built-in fields (is_default) are stored on the customer itself; a phone
  // field has its own column; an e-mail confirmation repeats the e-mail.
  const custom = fieldRows.filter(
    (row) => !row.isDefault && row.type !== 'PHONE' && row.type !== 'EMAIL_CONFIRM',
  );
  const language = organisation.defaultLanguage;
  const named = custom.map((row) => ({
    id: row.id,
    name: pickText(row.name, language, 'en') || `field ${row.id}`,
  }));
  // Two fields of one name would share a key; the field id tells them apart.
  const customFields = named.map((field) => ({
    id: field.id,
    label:
      named.filter((other) => other.name === field.name).length > 1
        ? `${field.name} (${field.id})`
        : field.name,
  }));
  return {
    timeZone: organisation.timeZone,
    currency: organisation.currency,
    language,
    customFields,
    phoneFieldIds: new Set(fieldRows.filter((row) => row.type === 'PHONE').map((row) => String(row.id))),
    additions: additionRows,
  };
}

/**
 * The orders of a shop created on the days from–to of its own calendar, in
 * creation order, page by page (keyset on created_at, id). The day bounds
 * are turned into instants by PostgreSQL in the shop's zone, so a day is
 * 23 or 25 hours long when the clocks change.
 */
export async function* exportOrders(
  db: Db,
  organisation: Organisation,
  filter: ExportFilter,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportOrder> {
  const shop = await loadExportShop(db, organisation);
  const zone = organisation.timeZone;
  const window: SQL[] = [
    eq(orders.organisationId, organisation.id),
    sql`${orders.createdAt} >= (${filter.from}::date)::timestamp AT TIME ZONE ${zone}`,
    sql`${orders.createdAt} < ((${filter.to}::date + 1))::timestamp AT TIME ZONE ${zone}`,
  ];
  if (filter.statuses.length > 0) window.push(inArray(orders.status, [...filter.statuses]));
  // The cursor keeps created_at as PostgreSQL's text: a JS Date has only
  // milliseconds and would skip or repeat orders within one millisecond.
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL[] = after
      ? [sql`(${orders.createdAt}, ${orders.id}) > (${after.at}::timestamptz, ${after.id})`]
      : [];
    const page: { order: typeof orders.$inferSelect; at: string }[] = await db
      .select({ order: orders, at: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(and(...window, ...cursor))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(pageSize);
    if (page.length === 0) return;
    yield* await exportPage(
      db,
      organisation.id,
      page.map((row) => row.order),
      shop,
    );
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { at: last.at, id: last.order.id };
  }
}

async function exportPage(
  db: Db,
  organisationId: number,
  page: (typeof orders.$inferSelect)[],
  shop: ExportShop,
): Promise<ExportOrder[]> {
  const ids = page.map((order) => order.id);
  const rebookOfIds = page.map((order) => order.rebookOfOrderId).filter((id): id is number => id !== null);
  const codes = [...new Set(page.flatMap((order) => order.couponCodes))];
  const [lines, paymentRows, redemptions, rebooked, couponRows] = await Promise.all([
    db
      .select({
        orderId: orderLines.orderId,
        id: orderLines.id,
        kind: orderLines.kind,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        totalCents: orderLines.totalCents,
        issuedVoucherId: orderLines.issuedVoucherId,
        voucherCode: issuedVouchers.code,
        productTitle: products.title,
        plotDate: plots.date,
        plotStart: plots.startTime,
        plotEnd: plots.endTime,
        audienceName: audiences.name,
        upsellTitle: upsells.title,
        upsellType: upsells.upsellType,
        subscriptionTitle: subscriptions.title,
        voucherTitle: vouchers.title,
        voucherValueName: voucherValues.name,
      })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(plots, eq(plots.id, orderLines.plotId))
      .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
      .leftJoin(upsells, eq(upsells.id, orderLines.upsellId))
      .leftJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
      .leftJoin(voucherValues, eq(voucherValues.id, orderLines.voucherValueId))
      .leftJoin(vouchers, eq(vouchers.id, voucherValues.voucherId))
      .leftJoin(issuedVouchers, eq(issuedVouchers.id, orderLines.issuedVoucherId))
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.orderId), asc(orderLines.itemIndex), asc(orderLines.id)),
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id)),
    db
      .select({
        orderId: orderRedemptions.orderId,
        subscriptionTitle: subscriptions.title,
        count: orderRedemptions.count,
      })
      .from(orderRedemptions)
      .innerJoin(clientSubscriptions, eq(clientSubscriptions.id, orderRedemptions.clientSubscriptionId))
      .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
      .where(inArray(orderRedemptions.orderId, ids))
      .orderBy(asc(orderRedemptions.id)),
    rebookOfIds.length > 0
      ? db
          .select({ id: orders.id, reference: orders.reference })
          .from(orders)
          .where(inArray(orders.id, rebookOfIds))
      : Promise.resolve([]),
    codes.length > 0
      ? db
          .select({ code: coupons.code })
          .from(coupons)
          .where(and(eq(coupons.organisationId, organisationId), inArray(coupons.code, codes)))
      : Promise.resolve([]),
  ]);
  const couponCodes = new Set(couponRows.map((row) => row.code));
  const invoiceRows = await db
    .select({ orderId: invoices.orderId, number: invoices.number, lines: invoices.lines })
    .from(invoices)
    .where(inArray(invoices.orderId, ids));
  const invoiceOf = new Map(invoiceRows.map((row) => [row.orderId, row]));
  const references = new Map(rebooked.map((row) => [row.id, row.reference]));
  const linesOf = byOrder<NamedLine & { orderId: number }>(lines);
  const paymentsOf = byOrder(paymentRows);
  const redemptionsOf = byOrder(redemptions);
  return page.map((order) =>
    buildExportOrder(
      order,
      {
        lines: linesOf.get(order.id) ?? [],
        payments: paymentsOf.get(order.id) ?? [],
        redemptions: redemptionsOf.get(order.id) ?? [],
        couponCodes: order.couponCodes.filter((code) => couponCodes.has(code)),
        invoice: invoiceOf.get(order.id) ?? null,
        rebookOfReference:
          order.rebookOfOrderId === null ? null : (references.get(order.rebookOfOrderId) ?? null),
      },
      shop,
    ),
  );
}

/** Rows grouped by their order, in the order they came. */
function byOrder<Row extends { orderId: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const grouped = new Map<number, Row[]>();
  for (const row of rows) {
    const list = grouped.get(row.orderId);
    if (list) list.push(row);
    else grouped.set(row.orderId, [row]);
  }
  return grouped;
}
