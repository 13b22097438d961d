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
  upsells,
} from '../db/schema.ts';
import { pickText } from '../lib/language.ts';

/** One paid-for line of an item: a ticket (per audience), an extra or a donation. */
export interface ReceiptLine {
  kind: 'TICKET' | 'UPSELL' | 'DONATION';
  label: string;
  quantity: number;
  totalCents: number;
  /** An extra handed out at the door (upsells.show_on_ticket): printed on the item's tickets. */
  showOnTicket: boolean;
}

/** One cart item of the order: a product on a day (and slot), with its lines. */
export interface ReceiptItem {
  /** The cart item's index in the order (order_lines.item_index). */
  index: number;
  title: string;
  /** YYYY-MM-DD, the shop's own day; null for products without days. */
  date: string | null;
  /** HH:MM or HH:MM – HH:MM; null without a slot. Never a time-zone name: the shop's clock is meant. */
  time: string | null;
  lines: ReceiptLine[];
}

/**
 * What an order was paid for, from its stored lines (the prices charged,
 * never recomputed): the items with every line, the discounts (the shop
 * coupon by its code, voucher credit by the code's last four characters),
 * the additions by name, a rebooking's credit, the total, and the venue.
 * The return page, the tickets mail and the tickets PDF all print this
 * (decision 0149).
 */
export interface OrderReceipt {
  items: ReceiptItem[];
  discounts: { kind: 'COUPON' | 'VOUCHER'; code: string | null; totalCents: number }[];
  additions: { label: string; totalCents: number }[];
  creditCents: number;
  totalCents: number;
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
      reservationId: reservations.id,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .leftJoin(reservations, eq(reservations.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const { organisation } = order;
  const text = (value: Parameters<typeof pickText>[0]) => pickText(value, language, organisation.fallback);
  // A reservation moved as a reservation is priced as a new booking, with its fees (decision 0130).
  const pricedAsRebooking = order.order.rebookOfOrderId !== null && order.reservationId === null;
  const [lines, additionRows] = await Promise.all([
    db
      .select({
        line: orderLines,
        product: { title: products.title, showEndTime: products.showEndTime },
        plot: { date: plots.date, startTime: plots.startTime, endTime: plots.endTime },
        audience: audiences.name,
        upsell: { title: upsells.title, type: upsells.upsellType, showOnTicket: upsells.showOnTicket },
        voucherCode: issuedVouchers.code,
      })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(plots, eq(plots.id, orderLines.plotId))
      .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
      .leftJoin(upsells, eq(upsells.id, orderLines.upsellId))
      .leftJoin(issuedVouchers, eq(issuedVouchers.id, orderLines.issuedVoucherId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.itemIndex), asc(orderLines.id)),
    db
      .select({ name: organisationAdditions.name })
      .from(organisationAdditions)
      .where(
        and(
          eq(organisationAdditions.organisationId, order.order.organisationId),
          eq(organisationAdditions.type, pricedAsRebooking ? 1 : 0),
        ),
      )
      .orderBy(asc(organisationAdditions.sort), asc(organisationAdditions.id)),
  ]);

  const items = new Map<number, ReceiptItem>();
  const receipt: OrderReceipt = {
    items: [],
    discounts: [],
    additions: [],
    creditCents: order.order.rebookCreditCents,
    totalCents: order.order.totalCents,
    currency: organisation.currency,
    venue: { name: organisation.name, address: organisation.address },
    dateFormat: organisation.dateFormat,
    themeColour: themeHex(organisation.themeColour),
  };
  const voucherCodes = new Set(
    lines.flatMap((row) => (row.voucherCode ? [row.voucherCode.toUpperCase()] : [])),
  );
  const couponCode = order.order.couponCodes.find((code) => !voucherCodes.has(code.toUpperCase())) ?? null;
  for (const { line, product, plot, audience, upsell, voucherCode } of lines) {
    if (line.kind === 'PRODUCT' && product) {
      let item = items.get(line.itemIndex);
      if (!item) {
        item = {
          index: line.itemIndex,
          title: text(product.title),
          date: plot?.date ?? null,
          time: formatTimeRange(
            plot?.startTime ?? null,
            product.showEndTime ? (plot?.endTime ?? null) : null,
          ),
          lines: [],
        };
        items.set(line.itemIndex, item);
      }
      item.lines.push({
        kind: 'TICKET',
        label: audience ? text(audience) : text(product.title),
        quantity: line.quantity,
        totalCents: line.totalCents,
        showOnTicket: false,
      });
    } else if (line.kind === 'UPSELL' && upsell) {
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
  return receipt;
}
