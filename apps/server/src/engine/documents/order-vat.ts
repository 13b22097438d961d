import {
  percentageToBp,
  vatDocument,
  type VatCharge,
  type VatDocument,
  type VatRateBp,
  type VatReduction,
} from '@kassa/domain/rules/vat';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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
  subscriptions,
  upsells,
  voucherValues,
  vouchers,
  type TaxRate,
} from '../../db/schema.ts';
import { pickText } from '../../lib/language.ts';

/** One stored line of an order with its VAT rate resolved and its words in the document's language. */
export interface RatedOrderLine {
  orderLineId: number;
  kind: 'PRODUCT' | 'UPSELL' | 'SUBSCRIPTION' | 'VOUCHER_VALUE' | 'ADDITION' | 'DISCOUNT';
  itemIndex: number;
  quantity: number;
  grossCents: number;
  /** The rate in basis points; null outside the scope of VAT (a multi-purpose voucher's sale). */
  rateBp: VatRateBp;
  /** DISCOUNT lines: a coupon, a single-purpose voucher's credit (a reduction) or a multi-purpose one's (a payment). */
  discount: 'COUPON' | 'SINGLE_PURPOSE_CREDIT' | 'MULTI_PURPOSE_CREDIT' | null;
  /** What was sold: the item's title and, where it has one, the audience, extra, value or fee. */
  title: string;
  detail: string | null;
  /** YYYY-MM-DD: the day of the visit, for a dated ticket. */
  date: string | null;
  /** The voucher code's last four characters, for a gift card's credit. */
  code: string | null;
}

export interface OrderVat {
  lines: RatedOrderLine[];
  document: VatDocument;
  /** Multi-purpose voucher credit spent: a payment, outside the VAT base (decision 0243). */
  voucherPaymentCents: number;
  /** A rebooking's credit from the order it replaced: a payment too (decision 0240). */
  rebookCreditCents: number;
}

/** A rate's name resolved in the shop's declared rates; undefined when the shop has no such rate. */
function rateOf(rates: readonly TaxRate[], name: string | null | undefined): number | undefined {
  const rate = rates.find((r) => r.name === name);
  return rate ? percentageToBp(rate.percentage) : undefined;
}

/**
 * The order's lines with the VAT rate each carries by the current catalogue
 * (decision 0241), and its VAT document by the one rule (decision 0240).
 * Null when a line's rate cannot be resolved (a shop whose catalogue has no
 * rates yet): then no document claims a VAT it does not know.
 * Issued invoices keep their own copy; this is for what is not issued yet.
 */
export async function rateOrderLines(
  db: Db | Tx,
  orderId: number,
  language: string,
): Promise<OrderVat | null> {
  const [order] = await db
    .select({
      organisationId: orders.organisationId,
      rebookOf: orders.rebookOfOrderId,
      rebookCreditCents: orders.rebookCreditCents,
      couponCodes: orders.couponCodes,
      rates: organisations.taxRates,
      fallback: organisations.defaultLanguage,
      reservation: reservations.id,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .leftJoin(reservations, eq(reservations.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const text = (value: Parameters<typeof pickText>[0]) => pickText(value, language, order.fallback);
  // The fees an order carries are its type's, in the shop's order (as the receipt names them, decision 0186).
  const additionType = order.rebookOf !== null && order.reservation === null ? 1 : 0;
  // One after the other: `db` is often a transaction, whose one connection takes one query at a time.
  const rows = await db
    .select({
      line: orderLines,
      product: { title: products.title, rate: products.vatRate },
      plotDate: plots.date,
      audience: { name: audiences.name, rate: audiences.vatRate },
      upsell: { title: upsells.title, rate: upsells.vatRate },
      subscription: { title: subscriptions.title, rate: subscriptions.vatRate },
      voucher: { title: vouchers.title, rate: vouchers.vatRate, purpose: vouchers.purpose },
      valueName: voucherValues.name,
      code: issuedVouchers.code,
      codeVoucherId: issuedVouchers.voucherValueId,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(plots, eq(plots.id, orderLines.plotId))
    .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
    .leftJoin(upsells, eq(upsells.id, orderLines.upsellId))
    .leftJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
    .leftJoin(issuedVouchers, eq(issuedVouchers.id, orderLines.issuedVoucherId))
    .leftJoin(
      voucherValues,
      eq(voucherValues.id, sql`coalesce(${orderLines.voucherValueId}, ${issuedVouchers.voucherValueId})`),
    )
    .leftJoin(vouchers, eq(vouchers.id, voucherValues.voucherId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.itemIndex), asc(orderLines.id));
  const fees = await db
    .select({ name: organisationAdditions.name, rate: organisationAdditions.vatRate })
    .from(organisationAdditions)
    .where(
      and(
        eq(organisationAdditions.organisationId, order.organisationId),
        eq(organisationAdditions.type, additionType),
      ),
    )
    .orderBy(asc(organisationAdditions.sort), asc(organisationAdditions.id));
  const lines: RatedOrderLine[] = [];
  let additionIndex = 0;
  for (const row of rows) {
    const { line } = row;
    const base = {
      orderLineId: line.id,
      kind: line.kind,
      itemIndex: line.itemIndex,
      quantity: line.quantity,
      grossCents: line.totalCents,
      discount: null,
      date: null,
      code: null,
      detail: null,
    };
    let rate: number | null | undefined;
    let rated: RatedOrderLine;
    switch (line.kind) {
      case 'PRODUCT':
        rate = rateOf(order.rates, row.audience?.rate ?? row.product?.rate);
        rated = {
          ...base,
          rateBp: 0,
          title: text(row.product?.title),
          detail: row.audience ? text(row.audience.name) : null,
          date: row.plotDate ?? null,
        };
        break;
      case 'SUBSCRIPTION':
        rate = rateOf(order.rates, row.audience?.rate ?? row.subscription?.rate);
        rated = {
          ...base,
          rateBp: 0,
          title: text(row.subscription?.title),
          detail: row.audience ? text(row.audience.name) : null,
        };
        break;
      case 'UPSELL':
        rate = rateOf(order.rates, row.upsell?.rate);
        rated = { ...base, rateBp: 0, title: text(row.upsell?.title) };
        break;
      case 'VOUCHER_VALUE':
        rate = row.voucher?.purpose === 'MULTI' ? null : rateOf(order.rates, row.voucher?.rate);
        rated = {
          ...base,
          rateBp: 0,
          title: text(row.voucher?.title),
          detail: row.valueName ? text(row.valueName) || null : null,
        };
        break;
      case 'ADDITION': {
        const fee = fees[additionIndex++];
        rate = rateOf(order.rates, fee?.rate);
        rated = { ...base, rateBp: 0, title: fee ? text(fee.name) : '' };
        break;
      }
      case 'DISCOUNT': {
        const credit = row.code !== null;
        const purpose = row.voucher?.purpose ?? 'MULTI';
        rate = null;
        rated = {
          ...base,
          rateBp: null,
          discount: !credit
            ? 'COUPON'
            : purpose === 'SINGLE'
              ? 'SINGLE_PURPOSE_CREDIT'
              : 'MULTI_PURPOSE_CREDIT',
          title: '',
          code: credit ? `…${row.code!.replace(/-/g, '').slice(-4)}` : (order.couponCodes[0] ?? null),
        };
        break;
      }
    }
    if (rate === undefined) return null;
    lines.push({ ...rated, rateBp: rate });
  }
  const charges: VatCharge[] = lines
    .filter((l) => l.kind !== 'DISCOUNT')
    .map((l) => ({
      ref: l.orderLineId,
      itemIndex: l.itemIndex,
      grossCents: l.grossCents,
      rateBp: l.rateBp,
      couponable: l.kind === 'PRODUCT' || l.kind === 'SUBSCRIPTION' || l.kind === 'VOUCHER_VALUE',
    }));
  const reductions: VatReduction[] = lines.flatMap((l) =>
    l.discount === 'COUPON' || l.discount === 'SINGLE_PURPOSE_CREDIT'
      ? [{ ref: l.orderLineId, itemIndex: l.itemIndex, cents: l.grossCents, kind: l.discount }]
      : [],
  );
  return {
    lines,
    document: vatDocument(charges, reductions),
    voucherPaymentCents: lines
      .filter((l) => l.discount === 'MULTI_PURPOSE_CREDIT')
      .reduce((sum, l) => sum + l.grossCents, 0),
    rebookCreditCents: order.rebookCreditCents,
  };
}
