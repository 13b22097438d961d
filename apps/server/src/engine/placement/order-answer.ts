import type { OrderAnswer, Payment } from '@kassa/domain/contract/orders';
import { centsToAmount } from '@kassa/domain/rules/money';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, payments, reservations } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { paymentErrors } from '../hand-off/payment-errors.ts';

/**
 * The payment side of a new order, built per request by the route
 * (modules/checkout/order-payments.ts) from the shop's gateways and passed
 * in, so placement needs no gateway of its own.
 */
export interface OrderPayments {
  /**
   * The gateway the shop's new payments go to, written on the payment row
   * with the order; throws PAYMENT_GATEWAY_NOT_CONFIGURED when it cannot be
   * used here, before anything is booked.
   */
  gatewayFor(organisation: Organisation): string;
  /**
   * Creates the gateway's side of an open payment (or answers the one
   * stored) and answers the storefront's hand-off; `fresh` is a payment
   * just booked, so nothing is read back.
   */
  handOff(paymentHash: string, fresh?: FreshPayment): Promise<Payment>;
}

/** A payment just booked with its order: what its hand-off needs, so nothing is read back. */
export interface FreshPayment {
  payment: { hash: string; gateway: string; amountCents: number; currency: string };
  order: { id: number; reference: string; hash: string; language: string };
  organisation: { name: string };
}

/**
 * The order engine on its own (tests and tools that call placeOrder
 * without a request's gateways): the built-in test page, for shops whose
 * gateway is `test` only.
 */
export const testPagePayments: OrderPayments = {
  gatewayFor(organisation) {
    if (organisation.paymentGateway !== 'test') {
      throw paymentErrors.gatewayNotConfigured(organisation.paymentGateway);
    }
    return 'test';
  },
  async handOff(paymentHash) {
    return {
      gateway: 'test',
      type: 'REDIRECT',
      hash: paymentHash,
      transaction: { response: { url: `/pay/test/${paymentHash}` } },
    };
  },
};

/** Nothing to pay online (free, fully discounted or on invoice): the storefront goes to /checkout/return/{hash}. */
export function noTransaction(orderHash: string): Payment {
  return { gateway: 'none', type: 'REDIRECT', hash: orderHash, transaction: false };
}

/**
 * A replayed order's payment: the first hand-off as answered; an open
 * payment never handed off (its provider was slow or down) is handed off
 * now, through the gateway its row names; anything else is settled or
 * closed, and the return page tells which.
 */
async function replayedPayment(
  order: typeof orders.$inferSelect,
  payment: typeof payments.$inferSelect | undefined,
  orderPayments: OrderPayments,
): Promise<Payment> {
  if (!payment || payment.status !== 'OPEN' || order.status !== 'PENDING') return noTransaction(order.hash);
  if (payment.response) {
    return {
      gateway: payment.gateway,
      type: payment.type,
      hash: payment.hash,
      transaction: { response: payment.response },
    };
  }
  return orderPayments.handOff(payment.hash);
}

export interface ItemPrices {
  productCents: number;
  discountCents: number;
  additionsCents: number;
  /** Rebooking credit (first item only); omitted from the answer when there is none. */
  creditCents?: number;
}

/**
 * What the engine answers for any kind: the order's status and public hash,
 * its payment hand-off, whether it is on invoice, and the price per cart
 * item. Each kind's route shapes it into its own answer (orderAnswers for
 * POST /api/orders).
 */
export interface PlacedOrder {
  order: OrderAnswer['order'];
  payment: Payment | null;
  invoice: boolean;
  items: ItemPrices[];
  /** The kind's additions to a fresh booking's answer (OrderQuote.answerExtra). */
  extra?: Record<string, unknown>;
}

/** POST /api/orders: one answer per cart item, all naming the same order and payment. */
export function orderAnswers(placed: PlacedOrder): OrderAnswer[] {
  return placed.items.map((item) => ({
    order: placed.order,
    payment: placed.payment,
    invoice: placed.invoice,
    priceInfo: {
      productPrice: centsToAmount(item.productCents),
      discount: centsToAmount(item.discountCents),
      additions: centsToAmount(item.additionsCents),
      ...(item.creditCents ? { credit: centsToAmount(item.creditCents) } : {}),
    },
  }));
}

/**
 * The answer for an order already written, rebuilt from its rows: what a
 * repeated request with the same Idempotency-Key gets back, for any kind.
 */
export async function storedPlacedOrder(
  db: Db,
  orderId: number,
  orderPayments: OrderPayments,
): Promise<PlacedOrder> {
  const [[order], lines, [payment], [reservation]] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, orderId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)).limit(1),
    db.select().from(reservations).where(eq(reservations.orderId, orderId)).limit(1),
  ]);
  if (!order) throw new Error(`Order ${orderId} vanished while being read`);
  const itemCount = Math.max(1, ...lines.map((line) => line.itemIndex + 1));
  const items: ItemPrices[] = Array.from({ length: itemCount }, () => ({
    productCents: 0,
    discountCents: 0,
    additionsCents: 0,
  }));
  items[0]!.creditCents = order.rebookCreditCents;
  for (const line of lines) {
    const item = items[line.itemIndex]!;
    if (line.kind === 'DISCOUNT') item.discountCents += line.totalCents;
    else if (line.kind === 'ADDITION') item.additionsCents += line.totalCents;
    else item.productCents += line.totalCents;
  }
  const status =
    order.status === 'RESERVED' || order.status === 'PAID' || order.status === 'INVOICED'
      ? order.status
      : 'PENDING';
  const hash = reservation ? reservation.hash : order.hash;
  const answerPayment = reservation ? null : await replayedPayment(order, payment, orderPayments);
  const waitsForPayment =
    status === 'PENDING' && answerPayment !== null && answerPayment.transaction !== false;
  return {
    order: {
      status,
      hash,
      hold_expires_at: waitsForPayment && order.expiresAt ? order.expiresAt.toISOString() : null,
    },
    payment: answerPayment,
    invoice: order.onInvoice,
    items,
  };
}
