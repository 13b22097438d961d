import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { formatTimeRange } from '@kassa/domain/rules/time-range';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  audiences,
  issuedVouchers,
  orderLines,
  organisationAdditions,
  orders,
  organisations,
  plots,
  products,
  reservations,
  subscriptionOrders,
  subscriptions,
  upsells,
  voucherValues,
  vouchers,
} from '../db/schema.ts';
import { pickText } from '../lib/language.ts';
import { orderVatTotals } from '../engine/documents/order-vat-totals.ts';
import type { RateTotal } from '@kassa/domain/rules/vat';

/** One paid-for line of an item: a ticket (per audience), a pass, a gift card, an extra or a donation. */
export interface ReceiptLine {
  kind: 'TICKET' | 'PASS' | 'GIFT_CARD' | 'UPSELL' | 'DONATION';
  label: string;
  quantity: number;
  totalCents: number;
  /** An extra handed out at the door (upsells.show_on_ticket): printed on the item's first ticket. */
  showOnTicket: boolean;
}

/** One cart item of the order: a product on a day (and slot), a subscription or a gift voucher, with its lines. */
export interface ReceiptItem {
  /** The cart item's index in the order (order_lines.item_index). */
  index: number;
  title: string;
  /** YYYY-MM-DD, the shop's own day; null for products without days and for other kinds. */
  date: string | null;
  /** HH:MM or HH:MM – HH:MM; null without a slot. Never a time-zone name: the shop's clock is meant. */
  time: string | null;
  lines: ReceiptLine[];
}

/**
 * Whether the total was paid (online), is to be paid on invoice, or is
 * still due (a reservation, an unpaid order): the receipt names it so.
 */
export type ReceiptTotalKind = 'PAID' | 'INVOICED' | 'DUE';

/**
 * What an order was paid for, from its stored lines (the prices charged,
 * never recomputed), for every kind of order: its public reference, the
 * items with every line, the shop coupon and gift-card credit each on its
 * own line, the fees by name (or that none was charged, and why), a
 * rebooking's credit, the total and the venue. The return page, the mails
 * and the PDFs of every kind print this one model (decisions 0149, 0186).
 */
export interface OrderReceipt {
  /** The public order reference, grouped for reading (decision 0104). */
  reference: string;
  kind: 'PRODUCT' | 'SUBSCRIPTION' | 'VOUCHER';
  /** A subscription order that renews a holding. */
  renewal: boolean;
  items: ReceiptItem[];
  discounts: { kind: 'COUPON' | 'VOUCHER'; code: string | null; totalCents: number }[];
  additions: { label: string; totalCents: number }[];
  /**
   * No fee line although one could be expected: WAIVED when the shop charges
   * one for this kind of order but nothing was left to pay (or it went on
   * invoice); NONE when the shop charges none. Null when a fee was charged.
   */
  feeNote: 'WAIVED' | 'NONE' | null;
  creditCents: number;
  totalCents: number;
  totalKind: ReceiptTotalKind;
  /**
   * Net, VAT and gross per rate (decision 0240): as the invoice was issued,
   * else by the catalogue's rates; empty when the shop declares none.
   */
  vat: RateTotal[];
  currency: string;
  venue: { name: string; address: string | null };
  /** The shop's date format (organisations.date_format, e.g. DD-MM-YYYY). */
  dateFormat: string;
  /** The shop's theme colour as #rrggbb, or null. */
  themeColour: string | null;
}

/** The shop's theme colour as CSS/PDF hex, or null when unset or malformed. */
export function themeHex(colour: string | null): string | null {
  if (!colour) return null;
  const hex = colour.startsWith('#') ? colour.slice(1) : colour;
  return /^[0-9a-f]{6}$/i.test(hex) ? `#${hex.toLowerCase()}` : null;
}

function totalKind(order: typeof orders.$inferSelect): ReceiptTotalKind {
  if (order.status === 'INVOICED') return 'INVOICED';
  return order.paidAt !== null ? 'PAID' : 'DUE';
}

/** The order's receipt in `language` (texts picked with the shop's fallback); null for an unknown order. */
export async function loadOrderReceipt(
  db: Db,
  orderId: number,
  language: string,
): Promise<OrderReceipt | null> {
  const [order] = await db
    .select({
      order: orders,
      organisation: {
        name: organisations.name,
        address: organisations.address,
        currency: organisations.currency,
        fallback: organisations.defaultLanguage,
        dateFormat: organisations.dateFormat,
        themeColour: organisations.themeColour,
      },
      reservation: reservations.id,
      renews: subscriptionOrders.renewsClientSubscriptionId,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .leftJoin(reservations, eq(reservations.orderId, orders.id))
    .leftJoin(subscriptionOrders, eq(subscriptionOrders.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const { organisation } = order;
  const text = (value: Parameters<typeof pickText>[0]) => pickText(value, language, organisation.fallback);
  // A rebooking pays the rebooking fees (type 1), except one that replaced a
  // reservation by a reservation: that was priced as a new booking (decision 0130).
  const additionType = order.order.rebookOfOrderId !== null && order.reservation === null ? 1 : 0;
  const [lines, additionRows, vat] = await Promise.all([
    db
      .select({
        line: orderLines,
        product: { title: products.title, showEndTime: products.showEndTime },
        plot: { date: plots.date, startTime: plots.startTime, endTime: plots.endTime },
        audience: audiences.name,
        upsell: { title: upsells.title, type: upsells.upsellType, showOnTicket: upsells.showOnTicket },
        subscription: subscriptions.title,
        voucher: vouchers.title,
        voucherValue: voucherValues.name,
        voucherCode: issuedVouchers.code,
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
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.itemIndex), asc(orderLines.id)),
    db
      .select({ name: organisationAdditions.name })
      .from(organisationAdditions)
      .where(
        and(
          eq(organisationAdditions.organisationId, order.order.organisationId),
          eq(organisationAdditions.type, additionType),
        ),
      )
      .orderBy(asc(organisationAdditions.sort), asc(organisationAdditions.id)),
    orderVatTotals(db, orderId, language),
  ]);

  const items = new Map<number, ReceiptItem>();
  const receipt: OrderReceipt = {
    reference: formatOrderReference(order.order.reference),
    kind: order.order.kind,
    renewal: order.renews !== null,
    items: [],
    discounts: [],
    additions: [],
    feeNote: null,
    creditCents: order.order.rebookCreditCents,
    totalCents: order.order.totalCents,
    totalKind: totalKind(order.order),
    vat,
    currency: organisation.currency,
    venue: { name: organisation.name, address: organisation.address },
    dateFormat: organisation.dateFormat,
    themeColour: themeHex(organisation.themeColour),
  };
  const itemFor = (index: number, title: string, date: string | null, time: string | null) => {
    let item = items.get(index);
    if (!item) {
      item = { index, title, date, time, lines: [] };
      items.set(index, item);
    }
    return item;
  };
  // What is bought first (it names the item), then what comes with it.
  for (const { line, product, plot, audience, subscription, voucher, voucherValue } of lines) {
    const base = { quantity: line.quantity, totalCents: line.totalCents, showOnTicket: false };
    if (line.kind === 'PRODUCT' && product) {
      const time = formatTimeRange(
        plot?.startTime ?? null,
        product.showEndTime ? (plot?.endTime ?? null) : null,
      );
      itemFor(line.itemIndex, text(product.title), plot?.date ?? null, time).lines.push({
        ...base,
        kind: 'TICKET',
        label: audience ? text(audience) : text(product.title),
      });
    } else if (line.kind === 'SUBSCRIPTION' && subscription) {
      itemFor(line.itemIndex, text(subscription), null, null).lines.push({
        ...base,
        kind: 'PASS',
        label: audience ? text(audience) : text(subscription),
      });
    } else if (line.kind === 'VOUCHER_VALUE' && voucher) {
      itemFor(line.itemIndex, text(voucher), null, null).lines.push({
        ...base,
        kind: 'GIFT_CARD',
        label: voucherValue ? text(voucherValue) || text(voucher) : text(voucher),
      });
    }
  }
  const voucherCodes = new Set(
    lines.flatMap((row) => (row.voucherCode ? [row.voucherCode.toUpperCase()] : [])),
  );
  const couponCode = order.order.couponCodes.find((code) => !voucherCodes.has(code.toUpperCase())) ?? null;
  for (const { line, upsell, voucherCode } of lines) {
    if (line.kind === 'UPSELL' && upsell) {
      items.get(line.itemIndex)?.lines.push({
        kind: upsell.type === 'DONATION' ? 'DONATION' : 'UPSELL',
        label: text(upsell.title),
        quantity: line.quantity,
        totalCents: line.totalCents,
        showOnTicket: upsell.showOnTicket,
      });
    } else if (line.kind === 'DISCOUNT') {
      // A coupon discounts each item on its own line: one entry per code.
      const kind = voucherCode ? 'VOUCHER' : 'COUPON';
      const code = voucherCode ? `…${voucherCode.replace(/-/g, '').slice(-4)}` : couponCode;
      const same = receipt.discounts.find((discount) => discount.kind === kind && discount.code === code);
      if (same) same.totalCents += line.totalCents;
      else receipt.discounts.push({ kind, code, totalCents: line.totalCents });
    } else if (line.kind === 'ADDITION') {
      const name = additionRows[receipt.additions.length]?.name;
      receipt.additions.push({ label: name ? text(name) : '', totalCents: line.totalCents });
    }
  }
  receipt.items = [...items.values()];
  if (receipt.additions.length === 0) receipt.feeNote = additionRows.length > 0 ? 'WAIVED' : 'NONE';
  return receipt;
}
