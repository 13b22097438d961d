/**
 * What a confirmed order fulfils, per order kind (ARCHITECTURE §7: one
 * engine, four kinds). Called inside the transaction that makes the order
 * paid (settlePayment) or that books it confirmed at once (bookOrder: free,
 * or invoiced when the shop issues invoice tickets at once), with the
 * order's row lock held or the order not yet visible, so it runs once per
 * order. A kind writes what the customer gets and queues its mails with
 * enqueueMail on the same transaction: they go if and only if it commits.
 * A new kind (passes, voucher codes) adds its function here.
 */
import type { Tx } from '../../db/client.ts';
import type { OrderKind } from '../../db/schema.ts';
import { fulfilSubscriptionOrder } from '../../modules/subscriptions/fulfil-subscription-order.ts';
import { fulfilVoucherOrder } from '../../modules/vouchers/fulfil-voucher-order.ts';
import { fulfilProductOrder } from '../../modules/orders/fulfil-product-order.ts';

export interface FulfilledOrder {
  id: number;
  organisationId: number;
  kind: OrderKind;
}

export interface FulfilContext {
  now: Date;
  /** The shop's public address (PUBLIC_URL, else the request's), for links in the mails. */
  baseUrl: string;
}

export type Fulfilment = (tx: Tx, order: FulfilledOrder, context: FulfilContext) => Promise<void>;

const FULFILMENTS: Record<OrderKind, Fulfilment> = {
  PRODUCT: fulfilProductOrder,
  SUBSCRIPTION: fulfilSubscriptionOrder,
  VOUCHER: fulfilVoucherOrder,
};

export function fulfilOrder(tx: Tx, order: FulfilledOrder, context: FulfilContext): Promise<void> {
  return FULFILMENTS[order.kind](tx, order, context);
}
