import type { CreateOrderRequest, OrderAnswer } from '@kassa/domain/contract/orders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientGroupMembers, orders } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { normaliseLanguage } from '../../lib/language.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import { findClientByToken } from '../clients/find-client.ts';
import { bookOrder } from './book-order.ts';
import { companyTicked, loadFields, validateCustomer } from './customer-fields.ts';
import { loadOrderCatalog } from './load-order-catalog.ts';
import {
  noTransaction,
  orderAnswers,
  redirectPayment,
  storedOrderAnswers,
  type OrderPayments,
} from './order-answer.ts';
import { resolveOrderCodes } from './order-codes.ts';
import { orderDraft } from './order-draft.ts';
import { orderErrors } from './order-errors.ts';
import { loadAdditions, priceOrder, type PricedOrder } from './order-pricing.ts';
import { itemLabel, priceItem } from './price-items.ts';
import { redeemSubscription, type Redemption } from './subscription-redemption.ts';
import type { SeatOptions } from './take-seats.ts';

/** Largest amount an order can hold (int4 cents). */
const MAX_ORDER_CENTS = 2_147_483_647;

export interface PlaceOrderInput {
  organisation: Organisation;
  request: CreateOrderRequest;
  idempotencyKey?: string;
  now: Date;
  /** Test-only switches of the seat check (never set by the route). */
  seatOptions?: SeatOptions;
  /** The payments module's side of a new order; without it, the test page and no tickets. */
  payments?: OrderPayments;
}

async function findByIdempotencyKey(
  db: Db,
  organisationId: number,
  key: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organisationId, organisationId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row?.id;
}

async function groupIdsOf(db: Db, clientId: number | undefined): Promise<number[]> {
  if (clientId === undefined) return [];
  const rows = await db
    .select({ id: clientGroupMembers.groupId })
    .from(clientGroupMembers)
    .where(eq(clientGroupMembers.clientId, clientId));
  return rows.map((row) => row.id);
}

/** Per-item prices of a priced order; the additions belong to the first item. */
function itemPrices(priced: PricedOrder) {
  return priced.items.map((item, index) => ({
    productCents: item.subtotalCents,
    discountCents: priced.itemDiscounts[index] ?? 0,
    additionsCents: index === 0 ? priced.totals.additionsCents : 0,
  }));
}

/**
 * POST /api/orders: validates the request with the domain rules, prices it
 * from the database, and — unless simulated — books it in one transaction.
 * A repeated Idempotency-Key answers the order already made.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<OrderAnswer[]> {
  const { organisation, request, now } = input;
  const simulate = request.simulate === true || request.orders.some((item) => item.simulate === true);
  const idempotencyKey = simulate ? undefined : input.idempotencyKey;
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, organisation.id, idempotencyKey);
    if (existing !== undefined) return storedOrderAnswers(db, existing);
  }
  const token = request.customer.token;
  const client = token ? await findClientByToken(db, organisation.id, token) : undefined;
  const productIds = request.orders.map((item) => item.product.id);
  const viewerGroupIds = await groupIdsOf(db, client?.id);
  const [catalog, fieldRows, additions] = await Promise.all([
    loadOrderCatalog(db, {
      organisationId: organisation.id,
      viewerGroupIds,
      productIds,
      plotIds: request.orders.flatMap((item) => (item.product.plot != null ? [item.product.plot] : [])),
    }),
    loadFields(db, organisation.id),
    loadAdditions(db, organisation.id),
  ]);
  const today = zonedNow(now, organisation.timeZone);
  const redemptions: Redemption[] = [];
  const items = await Promise.all(
    request.orders.map(async (item, index) => {
      const priced = priceItem(item, index, catalog, today);
      if (!item.subscription) return priced;
      const redeemed = await redeemSubscription(db, organisation.id, item.subscription, priced, now);
      redemptions.push(redeemed.redemption);
      return redeemed.item;
    }),
  );
  const language =
    normaliseLanguage(request.language ?? request.orders[0]?.language) ?? organisation.defaultLanguage;
  const codes = await resolveOrderCodes(
    db,
    organisation.id,
    request.coupon,
    productIds,
    client?.id ?? null,
    now,
  );
  const onInvoice = organisation.allowInvoice && companyTicked(request.customer);
  const priced = priceOrder(items, codes, additions, onInvoice);
  // Money columns are 32-bit cents: refuse rather than fail on write.
  if (priced.totals.subtotalCents + priced.totals.additionsCents > MAX_ORDER_CENTS)
    throw orderErrors.orderTooLarge();
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
    redemptions,
    now,
  });
  const booked = await bookOrder(db, draft, now, input.seatOptions);
  if (booked.kind === 'DUPLICATE') {
    // A concurrent request with the same key committed first: answer its order.
    const existing = await findByIdempotencyKey(db, organisation.id, idempotencyKey!);
    return storedOrderAnswers(db, existing!);
  }
  if (draft.status === 'PAID') await input.payments?.paidAtOnce(booked.orderId);
  const payment = draft.reservation
    ? null
    : draft.payment
      ? input.payments
        ? await input.payments.handOff(draft.payment.hash)
        : redirectPayment(draft.payment.gateway, draft.payment.hash)
      : noTransaction(draft.hash);
  const hash = draft.reservation?.hash ?? draft.hash;
  return orderAnswers({ status: draft.status, hash }, payment, onInvoice, itemPrices(priced));
}
