import type { CreateVoucherOrderRequest } from '@kassa/domain/contract/voucher-orders';
import type { Db } from '../../db/client.ts';
import type { Organisation } from '../../lib/context.ts';
import type { PricedOrderItem } from '../../engine/pricing/order-lines.ts';
import type { RebookPlan } from '../rebook/plan-rebooking.ts';
import { verifyRebookLink } from '../rebook/plan-rebooking.ts';
import { rebookErrors } from '../rebook/rebook-errors.ts';
import { rebookCreditCents } from '../../engine/booking/replaced-booking.ts';
import type { VoucherValueRow } from './load-voucher.ts';

/**
 * A voucher order that turns a paid booking into a voucher (docs/storefront.md
 * §3.10: rebook, rebook_secret; decision 0112): the rebooking link checked
 * as for moving a booking (decision 0040), a PAID booking only (a
 * reservation has nothing paid), no codes. The voucher is one code of the
 * chosen value (the first asked for, else the voucher's first) whose price
 * and credit are what the booking is worth; that worth is credited, so the
 * order is paid at once and the booking is released in the same booking
 * transaction (startRebooking). Null when the request converts nothing.
 */
export async function planConversion(
  db: Db,
  organisation: Organisation,
  request: CreateVoucherOrderRequest,
  values: readonly VoucherValueRow[],
  now: Date,
): Promise<{ item: PricedOrderItem; rebook: RebookPlan } | null> {
  if (!request.rebook && !request.rebook_secret) return null;
  if (!request.rebook || !request.rebook_secret) throw rebookErrors.secretInvalid();
  if (request.coupon.length > 0) throw rebookErrors.couponNotAllowed();
  const booked = await verifyRebookLink(db, organisation, request.rebook, request.rebook_secret, now);
  const creditCents = rebookCreditCents(booked.order, booked.voucherCreditCents);
  if (booked.order.status !== 'PAID' || creditCents <= 0) throw rebookErrors.notAllowed();
  const asked = request.values.find((chosen) => chosen.quantity > 0)?.id;
  const value = values.find((candidate) => candidate.id === asked) ?? values[0];
  if (!value) throw rebookErrors.notAllowed();
  return {
    item: {
      index: 0,
      productId: null,
      lines: [
        {
          kind: 'VOUCHER_VALUE',
          voucherValueId: value.id,
          quantity: 1,
          unitPriceCents: creditCents,
          totalCents: creditCents,
        },
      ],
      subtotalCents: creditCents,
    },
    rebook: { oldOrderId: booked.order.id, oldStatus: 'PAID', creditCents },
  };
}
