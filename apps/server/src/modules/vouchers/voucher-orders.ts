import type { CreateVoucherOrderRequest, VoucherOrderAnswer } from '@kassa/domain/contract/voucher-orders';
import { centsToAmount } from '@kassa/domain/rules/money';
import { validateCustomer } from '../../engine/placement/customer-fields.ts';
import { loadOrderContext } from '../orders/load-order-catalog.ts';
import type { PlacedOrder } from '../../engine/placement/order-answer.ts';
import { resolveOrderCodes } from '../../engine/pricing/order-codes.ts';
import { pricedLines } from '../../engine/placement/order-draft.ts';
import { orderErrors } from '../../engine/placement/order-errors.ts';
import type { OrderKindPlan, OrderQuote } from '../../engine/order-kind.ts';
import { priceOrder } from '../../engine/pricing/order-pricing.ts';
import { MAX_ORDER_CENTS, orderLanguage, orderViewer } from '../orders/price-request.ts';
import { fulfilVoucherOrder } from './fulfil-voucher-order.ts';
import { confirmVoucherValues, holdVoucherValues } from './hold-voucher-values.ts';
import { loadOrderableVoucher } from './load-voucher.ts';
import { planConversion } from './plan-conversion.ts';
import { priceVoucherValues, valueLabel } from './price-voucher-values.ts';
import { voucherOrderErrors } from './voucher-order-errors.ts';

/**
 * Gift voucher orders (POST /api/vouchers, decision 0112): one item of
 * voucher values, priced from the database with the product rule
 * (docs/storefront.md §9.3), coupons restricted to nothing and voucher codes as
 * discounts, on invoice for clients allowed to. What they hold: the limited
 * values' codes, under the values' lock, and again when a late payment arrives.
 * Their fulfilment is fulfilVoucherOrder (issued codes and the gift card mail).
 */
export const voucherOrders: OrderKindPlan<CreateVoucherOrderRequest> = {
  kind: 'VOUCHER',
  fulfil: fulfilVoucherOrder,
  // Limited values are stock too (decision 0112): a late payment counts them again.
  confirmStock: confirmVoucherValues,
  isSimulation: (request) => request.simulate === true,
  captcha: (request) => request.captcha,
  async quote(db, organisation, request, now) {
    const { client, viewerGroupIds, mayInvoice } = await orderViewer(db, organisation, request.customer.token, now);
    const [found, context] = await Promise.all([
      loadOrderableVoucher(db, organisation.id, viewerGroupIds, request.voucher.id),
      loadOrderContext(db, { organisationId: organisation.id, viewerGroupIds, productIds: [], plotIds: [] }),
    ]);
    if (!found) throw voucherOrderErrors.voucherNotAvailable(`Voucher ${request.voucher.id}`);
    const { voucher, values } = found;
    const conversion = await planConversion(db, organisation, request, values, now);
    if (conversion)
      return conversionQuote(
        conversion,
        request,
        voucher.id,
        context.fields,
        client?.id ?? null,
        orderLanguage(organisation, request.language),
      );
    const item = priceVoucherValues(request, voucher, values);
    const codes = await resolveOrderCodes(
      db,
      organisation.id,
      request.coupon,
      { voucher: voucher.id },
      client?.id ?? null,
      now,
    );
    const priced = priceOrder([item], codes, context.additions, mayInvoice);
    if (priced.totals.subtotalCents + priced.totals.additionsCents > MAX_ORDER_CENTS) {
      throw orderErrors.orderTooLarge();
    }
    const language = orderLanguage(organisation, request.language);
    const limited = values
      .filter((value) => value.availability !== null && item.quantities.has(value.id))
      .map((value) => ({ id: value.id, label: valueLabel(voucher, value, value.id) }));
    return {
      clientId: client?.id ?? null,
      language,
      action: 'pay',
      enrichment: request.enrichment ?? null,
      totals: priced.totals,
      onInvoice: priced.onInvoice,
      codes,
      lines: pricedLines(priced),
      voucherUses: priced.voucherUses,
      itemPrices: [
        {
          productCents: item.subtotalCents,
          discountCents: priced.itemDiscounts[0] ?? 0,
          additionsCents: priced.totals.additionsCents,
        },
      ],
      rebook: null,
      confirm: () => validateCustomer(request, context.fields, { voucher: voucher.id }),
      booking: { hold: (tx, _order, now, options) => holdVoucherValues(tx, limited, now, options) },
    };
  },
};

const NO_CODES = { codes: [], coupon: null, vouchers: [] };

/**
 * A booking turned into a voucher: the booking's worth is the price and is
 * credited (no fees, no codes), so the order is PAID at once; the booking
 * is released in the booking transaction (startRebooking, moveNow).
 */
function conversionQuote(
  conversion: NonNullable<Awaited<ReturnType<typeof planConversion>>>,
  request: CreateVoucherOrderRequest,
  voucherId: number,
  fields: Parameters<typeof validateCustomer>[1],
  clientId: number | null,
  language: string,
): OrderQuote {
  const priced = priceOrder([conversion.item], NO_CODES, [], false, conversion.rebook);
  return {
    clientId,
    language,
    action: 'pay',
    enrichment: request.enrichment ?? null,
    totals: priced.totals,
    onInvoice: false,
    codes: NO_CODES,
    lines: pricedLines(priced),
    voucherUses: [],
    itemPrices: [
      {
        productCents: conversion.item.subtotalCents,
        discountCents: 0,
        additionsCents: 0,
        creditCents: priced.creditCents,
      },
    ],
    rebook: { ...conversion.rebook, creditCents: priced.creditCents },
    confirm: () => validateCustomer(request, fields, { voucher: voucherId }),
    booking: { hold: async () => undefined },
  };
}

/** POST /api/vouchers' answer (docs/storefront.md §7.10: response.payment, and response.order.invoice when simulated). */
export function voucherOrderAnswer(placed: PlacedOrder): VoucherOrderAnswer {
  const item = placed.items[0] ?? { productCents: 0, discountCents: 0, additionsCents: 0 };
  const creditCents = item.creditCents ?? 0;
  const dueCents = item.productCents - item.discountCents + item.additionsCents - creditCents;
  return {
    order: { ...placed.order, invoice: placed.invoice },
    payment: placed.payment,
    priceInfo: {
      productPrice: centsToAmount(item.productCents),
      discount: centsToAmount(item.discountCents),
      additions: centsToAmount(item.additionsCents),
      total: centsToAmount(placed.invoice ? 0 : dueCents),
      ...(creditCents ? { credit: centsToAmount(creditCents) } : {}),
    },
  };
}
