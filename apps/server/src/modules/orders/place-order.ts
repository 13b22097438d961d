import type { CreateOrderRequest, OrderAnswer } from '@kassa/domain/contract/orders';
import type { Db } from '../../db/client.ts';
import type { Organisation } from '../../lib/context.ts';
import { bookOrder } from './book-order.ts';
import { findByIdempotencyKey, requestFingerprint } from './idempotency.ts';
import { validateCustomer } from './customer-fields.ts';
import {
  noTransaction,
  orderAnswers,
  storedOrderAnswers,
  testPagePayments,
  type OrderPayments,
} from './order-answer.ts';
import { orderDraft } from './order-draft.ts';
import { orderErrors } from './order-errors.ts';
import type { PricedOrder } from './order-pricing.ts';
import { priceRequest } from './price-request.ts';
import { itemLabel } from './price-items.ts';
import type { SeatOptions } from './take-seats.ts';

export interface PlaceOrderInput {
  organisation: Organisation;
  request: CreateOrderRequest;
  idempotencyKey?: string;
  now: Date;
  /** Test-only switches of the seat check (never set by the route). */
  seatOptions?: SeatOptions;
  /** The payments module's side of a new order; without it, the test page (for test-gateway shops only). */
  payments?: OrderPayments;
  /** The shop's public address, for links in the mails of an order confirmed at once ('' leaves them relative). */
  baseUrl?: string;
}

/** Per-item prices of a priced order; the additions and a rebooking's credit belong to the first item. */
function itemPrices(priced: PricedOrder) {
  return priced.items.map((item, index) => ({
    productCents: item.subtotalCents,
    discountCents: priced.itemDiscounts[index] ?? 0,
    additionsCents: index === 0 ? priced.totals.additionsCents : 0,
    creditCents: index === 0 ? priced.creditCents : 0,
  }));
}

/**
 * POST /api/orders: validates the request with the domain rules, prices it
 * from the database, and — unless simulated — books it in one transaction.
 * A repeated Idempotency-Key answers the order already made.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<OrderAnswer[]> {
  const { organisation, request, now } = input;
  const payments = input.payments ?? testPagePayments;
  const simulate = request.simulate === true || request.orders.some((item) => item.simulate === true);
  const idempotencyKey = simulate ? undefined : input.idempotencyKey;
  const fingerprint = requestFingerprint(request);
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, organisation.id, idempotencyKey, fingerprint);
    if (existing !== undefined) return storedOrderAnswers(db, existing, payments);
  }
  const { client, productIds, fieldRows, language, codes, redemptions, priced, rebook } = await priceRequest(
    db,
    organisation,
    request,
    now,
  );
  const { onInvoice, items } = priced;
  // The storefront simulates with placeholders before the form is filled in
  // (spec §7): a simulation prices the order and says whether it goes on
  // invoice, and leaves the customer's details to the real submission.
  if (simulate) return orderAnswers({ status: 'SIMULATED', hash: null }, null, onInvoice, itemPrices(priced));
  const customer = validateCustomer(request, fieldRows, productIds, language);
  if (request.action === 'reserve') {
    const refused = items.find((item) => !item.product.allowReservations);
    if (refused) throw orderErrors.reservationNotAllowed(itemLabel(refused.product, refused.plot));
  }
  const draft = orderDraft({
    organisation,
    priced,
    codes,
    action: request.action,
    customer,
    clientId: client?.id ?? null,
    language,
    idempotencyKey: idempotencyKey ?? null,
    idempotencyFingerprint: idempotencyKey ? fingerprint : null,
    redemptions,
    rebook,
    now,
    paymentGateway: () => payments.gatewayFor(organisation),
    baseUrl: input.baseUrl ?? '',
  });
  const booked = await bookOrder(db, draft, now, input.seatOptions);
  if (booked.kind === 'DUPLICATE') {
    // A concurrent request with the same key committed first: answer its order.
    const existing = await findByIdempotencyKey(db, organisation.id, idempotencyKey!, fingerprint);
    return storedOrderAnswers(db, existing!, payments);
  }
  const payment = draft.reservation
    ? null
    : draft.payment
      ? await payments.handOff(draft.payment.hash, {
          payment: draft.payment,
          order: { id: booked.orderId, hash: draft.hash, language: draft.language },
          organisation,
        })
      : noTransaction(draft.hash);
  const hash = draft.reservation?.hash ?? draft.hash;
  return orderAnswers({ status: draft.status, hash }, payment, onInvoice, itemPrices(priced));
}
