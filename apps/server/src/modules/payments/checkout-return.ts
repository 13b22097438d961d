import type { CheckoutReturn, ReturnStatus } from '@kassa/domain/contract/payment';
import { centsToAmount } from '@kassa/domain/rules/money';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  issuedVouchers,
  orderLines,
  organisations,
  payments,
  plots,
  products,
  voucherValues,
  vouchers,
} from '../../db/schema.ts';
import { pickText } from '../../lib/language.ts';
import { ticketCount } from '../../tickets/issue-tickets.ts';
import { loadOrderReceipt, type OrderReceipt } from '../../tickets/order-receipt.ts';
import type { OrderRow } from './find-order.ts';
import { isPayable } from './open-payment.ts';
import { giftCardsPdfPath, ticketsPdfPath } from './payment-paths.ts';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

/**
 * An unpaid order's state in words: the hold lapsing makes it EXPIRED even
 * before the sweeper runs; otherwise the last payment tells whether the
 * gateway has said no (FAILED, CANCELLED) or nothing yet (PENDING).
 */
function returnStatus(order: OrderRow, lastPayment: string | undefined, now: Date): ReturnStatus {
  if (order.status !== 'PENDING') return order.status;
  if (order.expiresAt !== null && order.expiresAt <= now) return 'EXPIRED';
  if (lastPayment === 'FAILED') return 'FAILED';
  if (lastPayment === 'CANCELLED' || lastPayment === 'EXPIRED') return 'CANCELLED';
  return 'PENDING';
}

/** A voucher order's values, with the voucher's title. */
function voucherLines(db: Db, orderId: number) {
  return db
    .select({ title: vouchers.title, name: voucherValues.name, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(voucherValues, eq(voucherValues.id, orderLines.voucherValueId))
    .innerJoin(vouchers, eq(vouchers.id, voucherValues.voucherId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'VOUCHER_VALUE')))
    .orderBy(asc(orderLines.id));
}

async function issuedCount(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(issuedVouchers)
    .where(eq(issuedVouchers.orderId, orderId));
  return row?.count ?? 0;
}

/** The receipt on the wire: amounts as decimals. */
function receiptAnswer(receipt: OrderReceipt): NonNullable<CheckoutReturn['order']['receipt']> {
  return {
    items: receipt.items.map((item) => ({
      title: item.title,
      date: item.date,
      time: item.time,
      lines: item.lines.map((line) => ({
        kind: line.kind,
        label: line.label,
        quantity: line.quantity,
        amount: centsToAmount(line.totalCents),
      })),
    })),
    discounts: receipt.discounts.map((discount) => ({
      kind: discount.kind,
      code: discount.code,
      amount: centsToAmount(discount.totalCents),
    })),
    additions: receipt.additions.map((addition) => ({
      label: addition.label,
      amount: centsToAmount(addition.totalCents),
    })),
    credit: centsToAmount(receipt.creditCents),
    venue: receipt.venue,
  };
}

/** What the return page shows for an order (GET /api/orders/{hash}/status). */
export async function checkoutReturn(db: Db, order: OrderRow, now: Date): Promise<CheckoutReturn> {
  const [[organisation], [lastPayment], lines, receipt] = await Promise.all([
    db
      .select({ currency: organisations.currency, fallback: organisations.defaultLanguage })
      .from(organisations)
      .where(eq(organisations.id, order.organisationId)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1),
    db
      .select({
        itemIndex: orderLines.itemIndex,
        quantity: orderLines.quantity,
        title: products.title,
        date: plots.date,
        startTime: plots.startTime,
        endTime: plots.endTime,
        showEndTime: products.showEndTime,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(plots, eq(plots.id, orderLines.plotId))
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.kind, 'PRODUCT')))
      .orderBy(asc(orderLines.itemIndex), asc(orderLines.id)),
    loadOrderReceipt(db, order.id, order.language),
  ]);
  const items = new Map<number, CheckoutReturn['order']['items'][number]>();
  for (const line of lines) {
    const item = items.get(line.itemIndex);
    if (item) {
      item.quantity += line.quantity;
      continue;
    }
    const start = line.startTime?.slice(0, 5) ?? null;
    const end = line.showEndTime ? (line.endTime?.slice(0, 5) ?? null) : null;
    items.set(line.itemIndex, {
      title: pickText(line.title, order.language, organisation?.fallback ?? 'en'),
      date: line.date,
      time: formatTimeRange(start, end),
      quantity: line.quantity,
    });
  }
  const fallback = organisation?.fallback ?? 'en';
  for (const line of order.kind === 'VOUCHER' ? await voucherLines(db, order.id) : []) {
    items.set(items.size, {
      title: `${pickText(line.title, order.language, fallback)} – ${pickText(line.name, order.language, fallback)}`,
      date: null,
      time: null,
      quantity: line.quantity,
    });
  }
  const status = returnStatus(order, lastPayment?.status, now);
  // An invoiced order has tickets when the shop issues them at once.
  const hasTickets =
    order.kind === 'PRODUCT' &&
    (status === 'PAID' || (status === 'INVOICED' && (await ticketCount(db, order.id)) > 0));
  const hasGiftCards = order.kind === 'VOUCHER' && (await issuedCount(db, order.id)) > 0;
  return {
    status,
    order: {
      number: order.id,
      reference: order.reference,
      total: centsToAmount(order.totalCents),
      currency: organisation?.currency ?? 'EUR',
      email: order.customer.email,
      items: [...items.values()],
      ...(receipt ? { receipt: receiptAnswer(receipt) } : {}),
    },
    canPayAgain: (status === 'FAILED' || status === 'CANCELLED') && isPayable(order, now),
    ticketsUrl: hasTickets ? ticketsPdfPath(order.hash) : null,
    giftCardsUrl: hasGiftCards ? giftCardsPdfPath(order.hash) : null,
    holdExpiresAt: order.expiresAt === null || status === 'PAID' ? null : order.expiresAt.toISOString(),
    openPayment:
      status === 'PENDING' && lastPayment?.status === 'OPEN' && lastPayment.response
        ? {
            gateway: lastPayment.gateway,
            type: lastPayment.type,
            hash: lastPayment.hash,
            transaction: { response: lastPayment.response },
          }
        : null,
  };
}
