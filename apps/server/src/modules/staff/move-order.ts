import type { CreateOrderRequest } from '@kassa/domain/contract/orders';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { shopDate } from '@kassa/domain/rules/shop-date';
import { and, asc, eq, gt, gte, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { capacityHolds, orderLines, orders, plots } from '../../db/schema.ts';
import { activeHold, heldSeats } from '../../engine/booking/active-holds.ts';
import { plotIsOver } from '../availability/plot-is-over.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import type { Organisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import type { Gateways } from '../../payments/gateways.ts';
import { lockOrder } from '../../engine/booking/move-booking.ts';
import { rebookCreditCents } from '../../engine/booking/replaced-booking.ts';
import { usableGateway } from '../../engine/hand-off/shop-gateway.ts';
import { noTransaction, type OrderPayments } from '../../engine/placement/order-answer.ts';
import { placeOrder } from '../../engine/placement/place-order.ts';
import type { SeatOptions } from '../../engine/booking/take-seats.ts';
import { recordDifferenceRefund } from '../../engine/refunds/refund-difference.ts';
import { findOrderByReference } from '../../engine/refunds/plan-cancellation.ts';
import { refundErrors } from '../../engine/refunds/refund-errors.ts';
import { settleRefund, type RefundView } from '../../engine/refunds/settle-refund.ts';
import { productOrderKind } from '../orders/product-orders.ts';
import { rebookSecretOf } from '../rebook/order-secret.ts';
import { loadBookedOrder, rebookRefusal, type BookedOrder } from '../rebook/rebookable-order.ts';
import { movePaymentMailKind } from './move-payment-mail.ts';

/** How long a dearer move holds its new places while the visitor pays from the mailed link (decision 0247). */
export const MOVE_PAYMENT_HOURS = 72;

export const moveErrors = {
  /** Why the booking cannot be moved: error_info names the rebooking rule it fails (decision 0247). */
  notMovable: (info: string) => new AppError(409, 'ORDER_NOT_MOVABLE', 'This booking cannot be moved', info),
  partlyCancelled: () =>
    new AppError(
      409,
      'ORDER_NOT_MOVABLE',
      'Part of this booking was cancelled: cancel or move it as a whole',
      'PARTLY_CANCELLED',
    ),
  unknownPlot: () => new AppError(404, 'PLOT_NOT_FOUND', 'No time of this product has this id'),
};

export interface MoveRequest {
  organisation: Organisation;
  /** The order's public reference, digits only. */
  orderReference: string;
  plotId: number;
  /** Charge the shop's rebooking fee (type 1 additions) as a visitor's own rebooking would. */
  fee: boolean;
  actor: AuditActor;
  now: Date;
  /** The shop's public address, for the links in the visitor's mails. */
  baseUrl: string;
  /** Tests only: the seat check's switches (the race test's negative control). */
  seatOptions?: SeatOptions;
}

export interface MoveDeps {
  db: Db;
  gateways: Gateways;
  log: FastifyBaseLogger;
}

/** What a move would cost or costs; `outcome` says what happened. */
export interface MoveAnswer {
  orderNumber: string;
  outcome: 'PREVIEW' | 'MOVED' | 'AWAITING_PAYMENT';
  from: { plotId: number; date: string | null; start: string | null };
  to: { plotId: number; date: string | null; start: string | null };
  /** The new booking's price with the fee when charged, before the old booking's credit. */
  priceCents: number;
  feeCents: number;
  /** What the old booking is worth against it (decision 0040). */
  creditCents: number;
  /** Left to pay (a dearer time: the visitor pays it from the mailed link). */
  toPayCents: number;
  /** Comes back to the old booking's payment (a cheaper time). */
  refundCents: number;
  currency: string;
  /** The order that holds the booking afterwards (moved), or that waits for the difference. */
  newOrderNumber: string | null;
  refund: RefundView | null;
}

/** The booking, checked for a staff move: the visitor's rebooking rules except the shop's online switch. */
async function movableBooking(db: Db, request: MoveRequest): Promise<BookedOrder> {
  const found = await findOrderByReference(db, request.organisation.id, request.orderReference, false);
  const booked = await loadBookedOrder(db, request.organisation.id, found.id);
  if (!booked) throw refundErrors.orderNotFound();
  // Staff move bookings also in a shop that does not let visitors do it online.
  const refusal = rebookRefusal({ ...request.organisation, rebookingAllowed: true }, booked, request.now);
  if (refusal) throw moveErrors.notMovable(refusal.code);
  const cancelled = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, found.id), gt(orderLines.cancelledQuantity, 0)))
    .limit(1);
  if (cancelled.length > 0) throw moveErrors.partlyCancelled();
  return booked;
}

/** The request a visitor's own rebooking would send (decision 0040): same product, tickets and extras, another plot. */
function rebookingRequest(booked: BookedOrder, plotId: number, secret: string): CreateOrderRequest {
  const { order, item } = booked;
  const plain = item!.tickets.get(null);
  const audiences: CreateOrderRequest['orders'][number]['audiences'] = {};
  for (const [audienceId, quantity] of item!.tickets)
    if (audienceId !== null) audiences[String(audienceId)] = { id: audienceId, quantity };
  const upsells: CreateOrderRequest['orders'][number]['upsells'] = {};
  for (const [upsellId, quantity] of item!.upsells) upsells[String(upsellId)] = { id: upsellId, quantity };
  const customer = order.customer;
  return {
    action: 'pay',
    language: order.language,
    customer: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      company: customer.company ?? null,
      vat_id: customer.vat_id ?? null,
      address: customer.address ?? null,
      city: customer.city ?? null,
      fields: customer.fields ?? {},
    },
    fields: {},
    coupon: [],
    orders: [
      {
        product: { id: item!.productId, plot: plotId, ...(plain !== undefined ? { quantity: plain } : {}) },
        audiences,
        upsells,
        rebook: order.hash,
        rebook_secret: secret,
      },
    ],
  };
}

async function orderHash(tx: Tx, orderId: number): Promise<string> {
  const [row] = await tx.select({ hash: orders.hash }).from(orders).where(eq(orders.id, orderId));
  return row!.hash;
}

async function plotOf(db: Db, plotId: number) {
  const [plot] = await db.select().from(plots).where(eq(plots.id, plotId));
  return plot;
}

const plotView = (plot: { id: number; date: string | null; startTime: string | null }) => ({
  plotId: plot.id,
  date: plot.date,
  start: plot.startTime ? plot.startTime.slice(0, 5) : null,
});

/**
 * Moves a booking on the visitor's behalf (decision 0247) through the
 * visitor's rebooking engine (decision 0040), not a copy of it: a new order
 * of the same product, tickets and extras on the chosen plot that rebooks
 * the old one, priced by the same rules with the old booking's credit, the
 * fee charged or waived as staff choose. Within one booking transaction,
 * under the old order's lock and the new plot's seat lock:
 * - nothing left to pay: the old order is REBOOKED and its seats freed,
 *   the new one PAID and fulfilled (new tickets, mailed); what the cheaper
 *   time leaves of the credit is refunded to the old payment
 *   (engine/refunds), made at the gateway after the commit;
 * - a difference to pay: the new order is PENDING and holds its places for
 *   MOVE_PAYMENT_HOURS beside the old ones, the visitor is mailed the link
 *   to pay it, and the old booking stays valid until the payment moves it
 *   (settle-rebooking.ts), as a visitor's own dearer rebooking.
 * Audited as `order.move` on the old order with before and after.
 */
export async function moveOrder(deps: MoveDeps, request: MoveRequest, preview: boolean): Promise<MoveAnswer> {
  const { db } = deps;
  const { organisation, now } = request;
  const booked = await movableBooking(db, request);
  const target = await plotOf(db, request.plotId);
  if (!target || target.productId !== booked.item!.productId) throw moveErrors.unknownPlot();
  const secret = await rebookSecretOf(db, booked.order.id);
  const createRequest = rebookingRequest(booked, request.plotId, secret);
  const staffOrganisation = { ...organisation, rebookingAllowed: true };
  const kind = productOrderKind({ waiveRebookingFee: !request.fee, byStaff: true });
  const quote = await kind.quote(db, staffOrganisation, createRequest, now);
  const fullCredit = rebookCreditCents(booked.order, booked.voucherCreditCents);
  const appliedCredit = quote.rebook?.creditCents ?? 0;
  // A rebooking's additions are the rebooking fee (type 1 instead of type 0, decision 0040).
  const feeCents = quote.totals.additionsCents;
  const base = {
    orderNumber: formatOrderReference(booked.order.reference),
    from: plotView(booked.item!.plot),
    to: plotView(target),
    priceCents: quote.totals.totalCents + appliedCredit,
    feeCents,
    creditCents: fullCredit,
    toPayCents: quote.totals.totalCents,
    refundCents: quote.totals.totalCents > 0 ? 0 : Math.max(fullCredit - appliedCredit, 0),
    currency: organisation.currency,
  };
  if (preview) return { ...base, outcome: 'PREVIEW', newOrderNumber: null, refund: null };

  const oldOrderId = booked.order.id;
  const dearer = quote.totals.totalCents > 0;
  const holdUntil = new Date(now.getTime() + MOVE_PAYMENT_HOURS * 3600_000);
  let refundId: number | null = null;
  const plan: typeof kind = {
    ...kind,
    async quote(...args) {
      const inner = await kind.quote(...args);
      const booking = inner.booking;
      return {
        ...inner,
        booking: {
          async prepare(tx, order, at) {
            // The old order's lock first, as every rebooking path takes it (decision 0040).
            await lockOrder(tx, oldOrderId);
            if (dearer) {
              // The visitor pays from a mail: the places are held longer than a checkout's hold.
              await tx.update(orders).set({ expiresAt: holdUntil }).where(eq(orders.id, order.orderId));
              order = { ...order, expiresAt: holdUntil };
            }
            await booking.prepare?.(tx, order, at);
            const refund = dearer
              ? null
              : await recordDifferenceRefund(tx, {
                  organisationId: organisation.id,
                  orderId: oldOrderId,
                  amountCents: base.refundCents,
                  actor: request.actor,
                  reason: 'moved to a cheaper time',
                  now: at,
                });
            refundId = refund?.id ?? null;
            await appendAudit(tx, {
              organisationId: organisation.id,
              actor: request.actor,
              action: 'order.move',
              orderId: oldOrderId,
              subject: `order ${order.orderId}`,
              before: { status: booked.order.status, plot: base.from },
              after: {
                status: dearer ? booked.order.status : 'REBOOKED',
                plot: base.to,
                newOrder: order.orderId,
                newStatus: dearer ? 'PENDING' : 'PAID',
                fee: request.fee,
                toPayCents: base.toPayCents,
                refundCents: refund?.amountCents ?? 0,
              },
              amountCents: dearer ? base.toPayCents : (refund?.amountCents ?? 0),
            });
            if (dearer) {
              const shopName = organisation.name;
              const money = new Intl.NumberFormat(booked.order.language, {
                style: 'currency',
                currency: organisation.currency,
              });
              const when =
                `${target.date ? shopDate(target.date, booked.order.language, organisation.dateFormat) : ''}${
                  target.startTime ? ` ${target.startTime.slice(0, 5)}` : ''
                }`.trim();
              await enqueueMail(
                tx,
                {
                  kind: movePaymentMailKind,
                  organisationId: organisation.id,
                  payload: {
                    to: booked.order.customer.email,
                    name: `${booked.order.customer.first_name} ${booked.order.customer.last_name}`.trim(),
                    shop: { name: shopName, email: organisation.email?.trim() || null },
                    orderNumber: base.orderNumber,
                    when,
                    amount: money.format(base.toPayCents / 100),
                    until: new Intl.DateTimeFormat(booked.order.language, {
                      dateStyle: 'long',
                      timeStyle: 'short',
                      timeZone: organisation.timeZone,
                    }).format(holdUntil),
                    link: `${request.baseUrl}/checkout/return/${encodeURIComponent(await orderHash(tx, order.orderId))}`,
                    language: booked.order.language,
                  },
                },
                at,
              );
            }
          },
          hold: (tx, order, at, options) =>
            booking.hold(tx, dearer ? { ...order, expiresAt: holdUntil } : order, at, options),
        },
      };
    },
  };
  const payments: OrderPayments = {
    gatewayFor: (shop) => usableGateway(deps.gateways, shop.paymentGateway, deps.log, shop.currency).name,
    // Not handed off now: the visitor opens the payment from the mailed link (GET /api/payment/{hash}).
    handOff: async (paymentHash, fresh) => {
      void paymentHash;
      return noTransaction(fresh?.order.hash ?? '');
    },
  };
  const placed = await placeOrder(db, plan, {
    organisation: staffOrganisation,
    request: createRequest,
    now,
    payments,
    baseUrl: request.baseUrl,
    seatOptions: request.seatOptions,
  });
  const [created] = await db
    .select({ reference: orders.reference })
    .from(orders)
    .where(eq(orders.hash, placed.order.hash ?? ''));
  const refund = refundId === null ? null : await settleRefund(deps, refundId, now);
  return {
    ...base,
    outcome: dearer ? 'AWAITING_PAYMENT' : 'MOVED',
    newOrderNumber: created ? formatOrderReference(created.reference) : null,
    refundCents: refund?.amountCents ?? 0,
    refund,
  };
}

/** How many days ahead the move picker lists times. */
const MOVE_PLOT_DAYS = 120;

/**
 * The times the booking can move to (decision 0247): the product's other
 * plots from today on, open for sale or not closed, each with its free
 * places now (capacity less active holds; null when unlimited).
 */
export async function movePlots(db: Db, request: Omit<MoveRequest, 'plotId' | 'fee' | 'baseUrl' | 'actor'>) {
  const booked = await movableBooking(db, {
    ...request,
    plotId: 0,
    fee: false,
    actor: { kind: 'system' },
    baseUrl: '',
  });
  const { item } = booked;
  const today = zonedNow(request.now, request.organisation.timeZone).date;
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + MOVE_PLOT_DAYS);
  const rows = await db
    .select({
      id: plots.id,
      date: plots.date,
      startTime: plots.startTime,
      capacity: plots.capacity,
      closedAt: plots.closedAt,
      held: heldSeats,
    })
    .from(plots)
    .leftJoin(capacityHolds, and(eq(capacityHolds.plotId, plots.id), activeHold(request.now)))
    .where(
      and(
        eq(plots.productId, item!.productId),
        gte(plots.date, today),
        lte(plots.date, last.toISOString().slice(0, 10)),
        isNull(plots.closedAt),
      ),
    )
    .groupBy(plots.id)
    .orderBy(asc(plots.date), asc(plots.startTime));
  const seats = [...item!.tickets.values()].reduce((sum, quantity) => sum + quantity, 0);
  return {
    orderNumber: formatOrderReference(booked.order.reference),
    current: item!.plot.id,
    seats,
    plots: rows
      .filter((row) => !plotIsOver(row, zonedNow(request.now, request.organisation.timeZone)))
      .map((row) => ({
        ...plotView(row),
        free: row.capacity === null ? null : Math.max(row.capacity - row.held, 0),
      })),
  };
}
