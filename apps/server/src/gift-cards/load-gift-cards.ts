import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { loadOrderReceipt, type OrderReceipt } from '../tickets/order-receipt.ts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { issuedVouchers, orders, organisations, voucherValues, vouchers } from '../db/schema.ts';
import { pickText } from '../lib/language.ts';
import { lastValidDate } from '@kassa/domain/rules/shop-date';

/** One gift card as printed: texts already in the order's language. */
export interface PrintedGiftCard {
  code: string;
  title: string;
  /** The value's name; '' for a booking turned into a voucher (its credit is the booking's worth). */
  valueName: string;
  creditCents: number;
  /** The last valid day (YYYY-MM-DD, shop's zone); null never expires. */
  expiration: string | null;
  /** The voucher's image path (/media/…), or null. */
  image: string | null;
}

export interface OrderGiftCards {
  orderId: number;
  /** The public order reference, grouped for reading (decision 0104). */
  reference: string;
  language: string;
  shop: string;
  currency: string;
  /** The shop's theme colour, #rrggbb. */
  colour: string;
  customer: { name: string; email: string };
  cards: PrintedGiftCard[];
  /** What the order paid for (decision 0186): in the mail and its own PDF, never on the cards given away. */
  receipt: OrderReceipt;
}

/** Spec §9: the default theme colour. */
const DEFAULT_COLOUR = '#1abc9c';

/** The codes of an order with everything the PDF and the mail print; null for an unknown order. */
export async function loadOrderGiftCards(db: Db, orderId: number): Promise<OrderGiftCards | null> {
  const [head] = await db
    .select({ order: orders, organisation: organisations })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(eq(orders.id, orderId));
  if (!head) return null;
  const { order, organisation } = head;
  const rows = await db
    .select({ issued: issuedVouchers, value: voucherValues, voucher: vouchers })
    .from(issuedVouchers)
    .innerJoin(voucherValues, eq(voucherValues.id, issuedVouchers.voucherValueId))
    .innerJoin(vouchers, eq(vouchers.id, voucherValues.voucherId))
    .where(eq(issuedVouchers.orderId, orderId))
    .orderBy(asc(issuedVouchers.id));
  const receipt = await loadOrderReceipt(db, orderId, order.language);
  if (!receipt) return null;
  const text = (value: Parameters<typeof pickText>[0]) =>
    pickText(value, order.language, organisation.defaultLanguage);
  const colour = /^#?[0-9a-f]{6}$/i.test(organisation.themeColour ?? '')
    ? `#${organisation.themeColour!.replace('#', '')}`
    : DEFAULT_COLOUR;
  return {
    orderId: order.id,
    reference: formatOrderReference(order.reference),
    language: order.language,
    shop: organisation.name,
    currency: organisation.currency,
    colour,
    customer: {
      name: `${order.customer.first_name} ${order.customer.last_name}`.trim(),
      email: order.customer.email,
    },
    receipt,
    cards: rows.map(({ issued, value, voucher }) => ({
      code: issued.code,
      title: text(voucher.title),
      // A booking turned into a voucher carries its own worth, not the value's: no value name then.
      valueName: issued.initialCents === value.creditCents ? text(value.name) : '',
      creditCents: issued.initialCents,
      expiration: issued.expiresAt ? lastValidDate(issued.expiresAt, organisation.timeZone) : null,
      image: voucher.image,
    })),
  };
}
