import type { TotalBreakdown } from '@kassa/domain/rules/totals';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { runShaped, StatementShapes } from '../../db/shaped-statements.ts';
import { transactionCommittable } from '../../db/script-commit.ts';
import {
  orderLines,
  orders,
  payments,
  reservations,
  type OrderCustomer,
  type OrderKind,
} from '../../db/schema.ts';
import { orderReference } from '../../lib/secrets.ts';
import { couponNotValid } from '../pricing/coupon-errors.ts';
import { spendVoucherCredit, useCoupon } from './spend-discounts.ts';
import { startRebooking, type RebookLink } from './move-booking.ts';
import type { VoucherUse } from '../pricing/order-discounts.ts';
import type { BookedOrder, KindBooking, OrderKindSteps } from '../order-kind.ts';
import type { NewOrderLine } from '../pricing/order-lines.ts';
import type { SeatOptions } from './take-seats.ts';
import { issueInvoice } from '../documents/issue-invoice.ts';

/** Everything one order writes, decided before the transaction starts. */
export interface OrderDraft {
  kind: OrderKind;
  /** The kind's steps the booking runs: its fulfilment, what a reservation of it gets (order-kind.ts). */
  steps: OrderKindSteps;
  organisationId: number;
  hash: string;
  status: 'PENDING' | 'RESERVED' | 'PAID' | 'INVOICED';
  clientId: number | null;
  customer: OrderCustomer;
  language: string;
  enrichment: Record<string, unknown> | null;
  totals: TotalBreakdown;
  onInvoice: boolean;
  couponCodes: string[];
  /** When the seats are released if the order is not paid; null when paid. */
  expiresAt: Date | null;
  idempotencyKey: string | null;
  idempotencyFingerprint: string | null;
  lines: NewOrderLine[];
  coupon: { id: number; code: string } | null;
  /** Voucher credit spent now, so two orders cannot spend the same credit; an expiring order gets it back. */
  voucherUses: VoucherUse[];
  /** The kind's own writes in the booking: what it takes besides, and its stock, last (order-kind.ts). */
  booking: KindBooking;
  /** The order this one rebooks (decision 0040). */
  rebook: RebookLink | null;
  /** A reservation: its link's hash, when it ends, and the base URL its mails link with. */
  reservation: { hash: string; expiresAt: Date; baseUrl: string } | null;
  payment: { hash: string; gateway: string; amountCents: number; currency: string } | null;
  /** Confirmed at once: fulfilled in the booking (tickets, their mail queued), with links on this base URL. */
  fulfil: { baseUrl: string } | null;
}

export type BookingResult = { kind: 'BOOKED'; orderId: number; reference: string } | { kind: 'DUPLICATE' };

/**
 * Writes an order in one READ COMMITTED transaction (the PostgreSQL default):
 * the order (ON CONFLICT on the idempotency key: a concurrent twin waits for
 * the first to commit and then writes nothing), its lines, coupon use,
 * reservation and payment, then the kind's own writes (order-kind.ts) and
 * last its stock check (a product's seats: the plot locks are held for as
 * short a time as possible before the commit).
 * Any error rolls everything back: no half-written order.
 */
export async function bookOrder(
  db: Db,
  draft: OrderDraft,
  now: Date,
  options: SeatOptions = {},
): Promise<BookingResult> {
  // A new random reference per attempt: two orders drawing the same one of
  // 10^10 is rare, but the unique index refuses the second, which then retries.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await bookOrderOnce(db, draft, orderReference(), now, options);
    } catch (error) {
      if (attempt >= REFERENCE_ATTEMPTS || !isReferenceCollision(error)) throw error;
    }
  }
}

const REFERENCE_ATTEMPTS = 3;

/** Whether `error` (or what it wraps) is the unique index on orders.reference refusing a drawn reference. */
function isReferenceCollision(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && constraint === 'orders_reference_unique') return true;
    current = cause;
  }
  return false;
}

async function bookOrderOnce(
  db: Db,
  draft: OrderDraft,
  reference: string,
  now: Date,
  options: SeatOptions,
): Promise<BookingResult> {
  // The seat check, last, commits it (decision 0277): no round trip for a COMMIT of its own.
  // It returns once the WAL holding the commit is flushed (decision 0278): nothing is answered before.
  return transactionCommittable(db, async (tx) => {
    const written = await writeOrder(tx, draft, reference, now);
    if (written === undefined) return { kind: 'DUPLICATE' } as const;
    const orderId = written;
    if (draft.coupon && !(await useCoupon(tx, draft.coupon.id))) {
      throw couponNotValid(draft.coupon.code, 'USED_UP');
    }
    for (const use of draft.voucherUses) {
      if (!(await spendVoucherCredit(tx, use.voucherId, use.cents))) {
        throw couponNotValid(draft.couponCodes.join(', '));
      }
    }
    const booked: BookedOrder = { orderId, status: draft.status, expiresAt: draft.expiresAt };
    await draft.booking.prepare?.(tx, booked, now);
    // Before the stock: the old booking is locked (and moved, freeing its seats, when this one holds at once).
    if (draft.rebook) await startRebooking(tx, orderId, draft.rebook, now);
    // Reserved now: what its kind gives a reservation at once (its mails, its own rebooking link).
    if (draft.reservation) {
      await draft.steps.reserved?.(
        tx,
        { orderId, organisationId: draft.organisationId, ...draft.reservation },
        now,
      );
    }
    if (draft.fulfil) {
      await draft.steps.fulfil(
        tx,
        { id: orderId, organisationId: draft.organisationId, kind: draft.kind },
        { now, baseUrl: draft.fulfil.baseUrl },
      );
    }
    // Confirmed at once (on invoice, or nothing to pay): its invoice, numbered in this transaction (decision 0242).
    if (draft.status === 'PAID' || draft.status === 'INVOICED')
      await issueInvoice(tx, { organisationId: draft.organisationId, orderId, issuedAt: now });
    // Last, so the seat check may commit: any failure before rolls the whole booking back.
    await draft.booking.hold(tx, booked, now, { abortOnShortage: true, commitWithCheck: true, ...options });
    return { kind: 'BOOKED', orderId, reference } as const;
  });
}

/** The order's own columns, all written by every booking (none left to its default). */
const ORDER_COLUMNS = [
  'organisationId',
  'hash',
  'reference',
  'kind',
  'status',
  'clientId',
  'customer',
  'language',
  'enrichment',
  'subtotalCents',
  'discountCents',
  'additionsCents',
  'totalCents',
  'onInvoice',
  'couponCodes',
  'expiresAt',
  'idempotencyKey',
  'idempotencyFingerprint',
  'rebookOfOrderId',
  'rebookCreditCents',
  'paidAt',
] as const;

type OrderValues = Record<(typeof ORDER_COLUMNS)[number], unknown>;

function orderValues(draft: OrderDraft, reference: string, now: Date): OrderValues {
  return {
    organisationId: draft.organisationId,
    hash: draft.hash,
    reference,
    kind: draft.kind,
    status: draft.status,
    clientId: draft.clientId,
    customer: draft.customer,
    language: draft.language,
    enrichment: draft.enrichment,
    subtotalCents: draft.totals.subtotalCents,
    discountCents: draft.totals.discountCents,
    additionsCents: draft.totals.additionsCents,
    totalCents: draft.totals.totalCents,
    onInvoice: draft.onInvoice,
    couponCodes: draft.couponCodes,
    expiresAt: draft.expiresAt,
    idempotencyKey: draft.idempotencyKey,
    idempotencyFingerprint: draft.idempotencyFingerprint,
    rebookOfOrderId: draft.rebook?.oldOrderId ?? null,
    rebookCreditCents: draft.rebook?.creditCents ?? 0,
    paidAt: draft.status === 'PAID' ? now : null,
  };
}

/** `{ key: placeholder('<prefix><key>') }` for each key; the values go under the same names. */
function placeholders(prefix: string, keys: readonly string[]): Record<string, Placeholder> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}`)]));
}

/** The columns a line gives (the rest are left to their defaults): part of the statement's shape. */
function givenKeys(line: NewOrderLine): string[] {
  return Object.keys(line).filter((key) => line[key as keyof NewOrderLine] !== undefined);
}

/** The booking's writes by shape: built once, prepared once per connection (decision 0281). */
const bookingShapes = new StatementShapes('booking');

/**
 * The order (ON CONFLICT on the idempotency key: a concurrent twin waits for
 * the first to commit and then writes nothing), its lines, reservation and
 * payment; answers the order's id, or undefined when its twin wrote it.
 * Without an idempotency key the order cannot conflict: it goes with its
 * lines in one statement, which read its new id from its CTE. With one, it
 * goes first, so a concurrent twin writes nothing. Lines, reservation and
 * payment go in one statement (data-modifying CTEs): fewer round trips per
 * order. Each statement is built with placeholders once per shape (keyed,
 * reservation, payment, each line's columns) and run with this order's values.
 */
async function writeOrder(
  tx: Tx,
  draft: OrderDraft,
  reference: string,
  now: Date,
): Promise<number | undefined> {
  const keyed = draft.idempotencyKey !== null;
  const lineKeys = draft.lines.map(givenKeys);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(orderValues(draft, reference, now))) values[`o_${key}`] = value;
  if (draft.reservation) {
    values.r_hash = draft.reservation.hash;
    values.r_expiresAt = draft.reservation.expiresAt;
  }
  const payment = draft.payment ? { type: 'REDIRECT', status: 'OPEN', ...draft.payment } : undefined;
  if (payment) for (const [key, value] of Object.entries(payment)) values[`p_${key}`] = value;
  draft.lines.forEach((line, index) => {
    for (const key of lineKeys[index]!) values[`l${index}_${key}`] = line[key as keyof NewOrderLine];
  });
  const paymentKeys = payment ? Object.keys(payment).sort() : [];
  const orderInsert = () =>
    tx
      .insert(orders)
      .values(placeholders('o_', ORDER_COLUMNS) as never)
      .onConflictDoNothing({ target: [orders.organisationId, orders.idempotencyKey] })
      .returning({ id: orders.id });
  let orderId: number | SQL = sql`(SELECT "id" FROM "new_order")`;
  if (keyed) {
    const [order] = await runShaped(tx, bookingShapes.get('order', orderInsert), values);
    if (!order) return undefined;
    orderId = order.id as number;
    values.orderId = orderId;
  }
  const shape = [
    keyed ? 'keyed' : 'one',
    draft.reservation ? 'reservation' : '',
    paymentKeys.join(','),
    ...lineKeys.map((keys) => keys.join(',')),
  ].join('|');
  const linesInsert = () => {
    const orderIdValue = keyed ? sql.placeholder('orderId') : orderId;
    const newOrder = tx.$with('new_order').as(orderInsert());
    const reservation = draft.reservation
      ? tx.$with('new_reservation').as(
          tx
            .insert(reservations)
            .values({ orderId: orderIdValue, ...placeholders('r_', ['hash', 'expiresAt']) } as never)
            .returning({ id: reservations.id }),
        )
      : undefined;
    const newPayment = payment
      ? tx.$with('new_payment').as(
          tx
            .insert(payments)
            .values({ orderId: orderIdValue, ...placeholders('p_', paymentKeys) } as never)
            .returning({ id: payments.id }),
        )
      : undefined;
    const sideInserts = [reservation, newPayment].filter((cte) => cte !== undefined);
    return tx
      .with(...(keyed ? [] : [newOrder]), ...sideInserts)
      .insert(orderLines)
      .values(
        lineKeys.map(
          (keys, index) => ({ ...placeholders(`l${index}_`, keys), orderId: orderIdValue }) as never,
        ),
      )
      .returning({ orderId: orderLines.orderId });
  };
  const [written] = await runShaped(tx, bookingShapes.get(shape, linesInsert), values);
  return keyed ? (orderId as number) : (written!.order_id as number);
}
