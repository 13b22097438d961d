import type { OrderAnswer, Payment } from '@kassa/domain/contract/orders';
import { centsToAmount } from '@kassa/domain/rules/money';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, payments, reservations } from '../../db/schema.ts';

/**
 * What the payments module does for a new order (modules/payments): passed
 * in by the route, so the order engine needs no gateway of its own.
 */
export interface OrderPayments {
  /** Creates the gateway's side of the order's payment and answers the storefront's hand-off. */
  handOff(paymentHash: string, fresh?: FreshPayment): Promise<Payment>;
  /** An order paid at once (nothing to pay online): its tickets, and their mail. */
  paidAtOnce(orderId: number): Promise<void>;
}

/** A payment just booked with its order: what its hand-off needs, so nothing is read back. */
export interface FreshPayment {
  payment: { hash: string; gateway: string; amountCents: number; currency: string };
  order: { id: number; hash: string; language: string };
  organisation: { name: string; paymentGateway: string };
}

/** The built-in test gateway's hosted page: the hand-off when no payments module is passed in. */
export function testPaymentUrl(paymentHash: string): string {
  return `/pay/test/${paymentHash}`;
}

/** An open payment redirects to the test gateway's page. */
export function redirectPayment(gateway: string, paymentHash: string): Payment {
  return {
    gateway,
    type: 'REDIRECT',
    hash: paymentHash,
    transaction: { response: { url: testPaymentUrl(paymentHash) } },
  };
}

/** A stored payment's hand-off as first answered; one never handed off goes to the test page. */
function storedPayment(payment: typeof payments.$inferSelect): Payment {
  return payment.response
    ? {
        gateway: payment.gateway,
        type: payment.type,
        hash: payment.hash,
        transaction: { response: payment.response },
      }
    : redirectPayment(payment.gateway, payment.hash);
}

/** Nothing to pay online (free, fully discounted or on invoice): the storefront goes to /checkout/return/{hash}. */
export function noTransaction(orderHash: string): Payment {
  return { gateway: 'test', type: 'REDIRECT', hash: orderHash, transaction: false };
}

export interface ItemPrices {
  productCents: number;
  discountCents: number;
  additionsCents: number;
  /** Rebooking credit (first item only); omitted from the answer when there is none. */
  creditCents?: number;
}

/** One answer per cart item, all naming the same order and payment. */
export function orderAnswers(
  order: OrderAnswer['order'],
  payment: Payment | null,
  invoice: boolean,
  items: readonly ItemPrices[],
): OrderAnswer[] {
  return items.map((item) => ({
    order,
    payment,
    invoice,
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
 * repeated request with the same Idempotency-Key gets back.
 */
export async function storedOrderAnswers(db: Db, orderId: number): Promise<OrderAnswer[]> {
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
  const status = order.status === 'RESERVED' || order.status === 'PAID' ? order.status : 'PENDING';
  const hash = reservation ? reservation.hash : order.hash;
  const answerPayment = reservation ? null : payment ? storedPayment(payment) : noTransaction(order.hash);
  return orderAnswers({ status, hash }, answerPayment, order.onInvoice, items);
}
