/**
 * The seam of the order engine (decisions 0110, 0215): what one order kind
 * decides. The engine (placeOrder → orderDraft → bookOrder → hand-off, then
 * settlePayment) does everything else the same way for every kind: captcha
 * gate and Idempotency-Key (the route, modules/checkout/order-route.ts),
 * one booking transaction, payment row with its gateway, settlement under
 * the order's lock. It imports no kind: a kind is one OrderKindPlan
 * (modules/orders/product-orders.ts is the model), registered where the
 * app is wired (wiring/order-kinds.ts), with a route of its own
 * (registerOrderRoute).
 */
import type { TotalBreakdown } from '@kassa/domain/rules/totals';
import type { Db, Tx } from '../db/client.ts';
import type { OrderCustomer, OrderKind } from '../db/schema.ts';
import type { Organisation } from '../lib/context.ts';
import type { NewOrderLine } from './pricing/order-lines.ts';
import type { RebookLink } from './booking/move-booking.ts';
import type { ItemPrices } from './placement/order-answer.ts';
import type { OrderCodes } from './pricing/order-codes.ts';
import type { VoucherUse } from './pricing/order-discounts.ts';
import type { SeatOptions } from './booking/take-seats.ts';

/** The order row as the kind's booking steps see it, inside the booking transaction. */
export interface BookedOrder {
  orderId: number;
  status: 'PENDING' | 'RESERVED' | 'PAID' | 'INVOICED';
  /** When an unpaid order's hold lapses; null when it holds for good. */
  expiresAt: Date | null;
}

/**
 * What a kind writes in the shared booking transaction besides the order,
 * its lines, payment, coupon use and voucher credit (which the engine writes).
 */
export interface KindBooking {
  /** Before fulfilment: what the kind takes besides stock (a product order's subscription redemptions). */
  prepare?(tx: Tx, order: BookedOrder, now: Date): Promise<void>;
  /**
   * Last in the transaction: the stock that can run out (a product's seats,
   * a voucher value's codes), checked under a lock. Throws a 409 when it is
   * gone, which rolls the whole booking back. `options` are the seat check's
   * (test switches, commit with the check): a kind without seats ignores them.
   */
  hold(tx: Tx, order: BookedOrder, now: Date, options: SeatOptions): Promise<void>;
}

/** A request priced by the server: everything the engine needs to draft, book and answer it. */
export interface OrderQuote {
  clientId: number | null;
  language: string;
  action: 'pay' | 'reserve';
  /** Marketing context sent with the request (bounded by its schema), stored with the order; null when none. */
  enrichment: Record<string, unknown> | null;
  totals: TotalBreakdown;
  /** Goes on invoice (a client allowed to, decision 0053): total 0 online, INVOICED. */
  onInvoice: boolean;
  codes: OrderCodes;
  /** Every order line: what is bought, coupon discounts, voucher credit spent, additions. */
  lines: NewOrderLine[];
  /** Voucher credit spent at booking (given back if the order expires unpaid). */
  voucherUses: VoucherUse[];
  /** The answer's price info per cart item (one item for kinds without a cart). */
  itemPrices: ItemPrices[];
  /** The paid or reserved order this one replaces (decision 0040); creditCents is the credit taken off this order. */
  rebook: Omit<RebookLink, 'moveNow'> | null;
  /**
   * The checks only a real submission needs (a simulation is sent with
   * placeholders): validates the customer (400 VALIDATION_ERROR) and
   * answers the customer to store.
   */
  confirm(): OrderCustomer;
  booking: KindBooking;
  /**
   * What the kind adds to the answer of an order it has just booked (a
   * subscription order's new client session), read after the booking; a
   * replayed order (same Idempotency-Key) answers without it.
   */
  answerExtra?(): Record<string, unknown>;
}

/** The order a confirmed order's fulfilment writes for. */
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

/**
 * What a confirmed order fulfils (tickets, passes, voucher codes), called
 * inside the transaction that makes the order paid (settlePayment) or that
 * books it confirmed at once (bookOrder: free, or invoiced when the shop
 * issues invoice tickets at once), with the order's row lock held or the
 * order not yet visible, so it runs once per order. It writes what the
 * customer gets and queues its mails with enqueueMail on the same
 * transaction: they go if and only if it commits (decision 0052).
 */
export type Fulfilment = (tx: Tx, order: FulfilledOrder, context: FulfilContext) => Promise<void>;

/** The order a late payment's stock check sees, under the order's lock. */
export interface PayingOrder {
  id: number;
  status: string;
  expiresAt: Date | null;
}

/** A reservation just booked, as its kind's `reserved` step sees it. */
export interface ReservedOrder {
  orderId: number;
  organisationId: number;
  /** The reservation link's hash, when it ends, and the base URL its mails link with. */
  hash: string;
  expiresAt: Date;
  baseUrl: string;
}

/** What the engine asks of a kind once one of its orders exists: at booking and at settlement. */
export interface OrderKindSteps {
  kind: OrderKind;
  fulfil: Fulfilment;
  /**
   * In the booking transaction of an order booked as a reservation, after
   * the reservation row: what a reserved order gets at once (its reservation
   * mails, queued with it; its own rebooking link). A kind whose requests
   * can ask to reserve gives it.
   */
  reserved?(tx: Tx, reservation: ReservedOrder, now: Date): Promise<void>;
  /**
   * When its payment arrives: takes again, under the same locks as `hold`,
   * the stock the order holds (a product's seats, a voucher value's codes) —
   * its own while the hold lasts, and only if still free after it lapsed.
   * False when it is gone: the payment is refunded. A kind with nothing
   * that runs out leaves it out.
   */
  confirmStock?(tx: Tx, order: PayingOrder, now: Date): Promise<boolean>;
}

/** Every kind's steps, by the orders.kind value: what the settlement is given (wiring/order-kinds.ts). */
export type OrderKinds = Readonly<Record<OrderKind, OrderKindSteps>>;

/** One order kind: how its request is told apart and priced, and its steps once booked. */
export interface OrderKindPlan<Request> extends OrderKindSteps {
  /** A simulation prices and answers without writing anything (no captcha, no idempotency). */
  isSimulation(request: Request): boolean;
  /** The captcha token the request carries, for the shared captcha gate. */
  captcha(request: Request): string | null | undefined;
  /** Loads what the request orders (only what this visitor may order) and prices it: client prices play no part. */
  quote(db: Db, organisation: Organisation, request: Request, now: Date): Promise<OrderQuote>;
}
