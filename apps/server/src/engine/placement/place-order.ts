import type { Db } from '../../db/client.ts';
import type { Organisation } from '../../lib/context.ts';
import { bookOrder } from '../booking/book-order.ts';
import { findByIdempotencyKey, requestFingerprint } from './idempotency.ts';
import {
  noTransaction,
  storedPlacedOrder,
  testPagePayments,
  type OrderPayments,
  type PlacedOrder,
} from './order-answer.ts';
import { orderDraft } from './order-draft.ts';
import type { OrderKindPlan } from '../order-kind.ts';
import type { SeatOptions } from '../booking/take-seats.ts';

export interface PlaceOrderInput<Request> {
  organisation: Organisation;
  request: Request;
  idempotencyKey?: string;
  now: Date;
  /** Test-only switches of the seat check (never set by the route). */
  seatOptions?: SeatOptions;
  /** The payment side of a new order (order-answer.ts); without it, the test page (for test-gateway shops only). */
  payments?: OrderPayments;
  /** The shop's public address, for links in the mails of an order confirmed at once ('' leaves them relative). */
  baseUrl?: string;
}

/**
 * The order engine, one for every kind (docs/architecture.md, decision 0110):
 * a repeated Idempotency-Key answers the order already made; otherwise the
 * kind prices the request from the database (client prices play no part),
 * a simulation answers those prices, and a real submission validates the
 * customer, drafts the order, books it in one transaction (bookOrder) and
 * hands its payment to the shop's gateway. The captcha gate runs before,
 * in the route (registerOrderRoute).
 */
export async function placeOrder<Request>(
  db: Db,
  plan: OrderKindPlan<Request>,
  input: PlaceOrderInput<Request>,
): Promise<PlacedOrder> {
  const { organisation, request, now } = input;
  const payments = input.payments ?? testPagePayments;
  const simulate = plan.isSimulation(request);
  const idempotencyKey = simulate ? undefined : input.idempotencyKey;
  // Only an Idempotency-Key keeps a fingerprint: without one the request is not hashed.
  const fingerprint = idempotencyKey == null ? null : requestFingerprint(request);
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, organisation.id, idempotencyKey, plan.kind, fingerprint!);
    if (existing !== undefined) return storedPlacedOrder(db, existing, payments);
  }
  const quote = await plan.quote(db, organisation, request, now);
  // The storefront simulates with placeholders before the form is filled in
  // (docs/storefront.md §7.8): a simulation prices the order and says whether it goes on
  // invoice, and leaves the customer's details to the real submission.
  if (simulate) {
    return {
      order: { status: 'SIMULATED', hash: null },
      payment: null,
      invoice: quote.onInvoice,
      items: quote.itemPrices,
    };
  }
  const draft = orderDraft({
    steps: plan,
    organisation,
    quote,
    customer: quote.confirm(),
    idempotencyKey: idempotencyKey ?? null,
    idempotencyFingerprint: idempotencyKey ? fingerprint : null,
    now,
    paymentGateway: () => payments.gatewayFor(organisation),
    baseUrl: input.baseUrl ?? '',
  });
  const booked = await bookOrder(db, draft, now, input.seatOptions);
  if (booked.kind === 'DUPLICATE') {
    // A concurrent request with the same key committed first: answer its order.
    const existing = await findByIdempotencyKey(db, organisation.id, idempotencyKey!, plan.kind, fingerprint!);
    return storedPlacedOrder(db, existing!, payments);
  }
  const payment = draft.reservation
    ? null
    : draft.payment
      ? await payments.handOff(draft.payment.hash, {
          payment: draft.payment,
          order: {
            id: booked.orderId,
            reference: booked.reference,
            hash: draft.hash,
            language: draft.language,
          },
          organisation,
        })
      : noTransaction(draft.hash);
  const hash = draft.reservation?.hash ?? draft.hash;
  const waitsForPayment = draft.status === 'PENDING' && payment !== null && payment.transaction !== false;
  return {
    order: {
      status: draft.status,
      hash,
      hold_expires_at: waitsForPayment && draft.expiresAt ? draft.expiresAt.toISOString() : null,
    },
    payment,
    invoice: quote.onInvoice,
    items: quote.itemPrices,
    extra: quote.answerExtra?.(),
  };
}
