import type { StaffOrderDetail } from '@kassa/domain/contract/staff-orders';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  admissions,
  audiences,
  fields,
  mailJobs,
  orderLines,
  orders,
  payments,
  plots,
  products,
  reservations,
  staffUsers,
  subscriptions,
  tickets,
  upsells,
  voucherValues,
  type OrderStatus,
} from '../../db/schema.ts';
import { orderEInvoices } from '../../engine/documents/e-invoice.ts';
import { refundWire } from '../../engine/refunds/refund-wire.ts';
import { orderRefunds } from '../../engine/refunds/settle-refund.ts';
import { orderAuditEntries } from '../../lib/audit-entries.ts';
import type { ShopContext } from '../../lib/context.ts';
import { resendableMails } from './order-resend.ts';
import { findStaffOrder, type StaffOrderRow } from './staff-order-row.ts';
import { shortTime, standingAdmission } from './ticket-details.ts';

/** Statuses in which an order holds what it bought: its lines are active, its tickets open the door. */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['PAID', 'INVOICED', 'RESERVED', 'PENDING'];

/** The shop's own fields (not the built-in ones), for labelling a customer's answers. */
export async function shopFields(db: Db | Tx, organisationId: number) {
  return db
    .select({ id: fields.id, type: fields.type, name: fields.name, isDefault: fields.isDefault })
    .from(fields)
    .where(eq(fields.organisationId, organisationId))
    .orderBy(asc(fields.sort), asc(fields.id));
}

type ShopField = Awaited<ReturnType<typeof shopFields>>[number];

/** The customer's answers to the shop's fields, labelled, in the shop's order (answers to removed fields last). */
export function customerFieldAnswers(
  ctx: ShopContext,
  shop: readonly ShopField[],
  answers: Record<string, string | boolean>,
) {
  const known = shop
    .filter((field) => !field.isDefault && field.type !== 'EMAIL_CONFIRM')
    .filter((field) => answers[String(field.id)] !== undefined && answers[String(field.id)] !== '')
    .map((field) => ({
      id: String(field.id),
      label: ctx.text(field.name) || `#${field.id}`,
      type: field.type,
      value: answers[String(field.id)]!,
    }));
  const removed = Object.entries(answers)
    .filter(([id, value]) => value !== '' && !shop.some((field) => String(field.id) === id))
    .map(([id, value]) => ({ id, label: `#${id}`, type: 'UNKNOWN', value }));
  return [...known, ...removed];
}

/** The phone answer(s) of an order's customer, joined. */
export function customerPhone(shop: readonly ShopField[], answers: Record<string, string | boolean>) {
  const phones = shop
    .filter((field) => field.type === 'PHONE')
    .map((field) => answers[String(field.id)])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  return phones.length > 0 ? phones.join(' / ') : null;
}

/** Mail jobs about an order: those naming it (tickets, passes, gift cards) and its reservation's. */
export async function orderMailJobs(db: Db | Tx, order: StaffOrderRow) {
  const [reservation] = await db
    .select({ hash: reservations.hash })
    .from(reservations)
    .where(eq(reservations.orderId, order.id));
  const aboutOrder = sql`${mailJobs.payload}->>'orderId' = ${String(order.id)}`;
  const aboutReservation = reservation ? sql`${mailJobs.payload}->>'hash' = ${reservation.hash}` : undefined;
  return db
    .select()
    .from(mailJobs)
    .where(
      and(
        eq(mailJobs.organisationId, order.organisationId),
        aboutReservation ? or(aboutOrder, aboutReservation) : aboutOrder,
      ),
    )
    .orderBy(desc(mailJobs.createdAt), desc(mailJobs.id));
}

/** Everything the order page shows (contract/staff-orders.ts); refunds are filled in by the refunds machinery. */
export async function loadOrderPage(db: Db, ctx: ShopContext, number: string): Promise<StaffOrderDetail> {
  const order = await findStaffOrder(db, ctx.organisation.id, number);
  const [shop, lines, ticketRows, paymentRows, mails, rebookedInto, rebookOf, history] = await Promise.all([
    shopFields(db, ctx.organisation.id),
    db
      .select({
        id: orderLines.id,
        kind: orderLines.kind,
        item: orderLines.itemIndex,
        plotId: orderLines.plotId,
        quantity: orderLines.quantity,
        unitCents: orderLines.unitPriceCents,
        totalCents: orderLines.totalCents,
        cancelledQuantity: orderLines.cancelledQuantity,
        product: products.title,
        upsell: upsells.title,
        subscription: subscriptions.title,
        voucherValue: voucherValues.name,
        audience: audiences.name,
        date: plots.date,
        start: plots.startTime,
        end: plots.endTime,
      })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(upsells, eq(upsells.id, orderLines.upsellId))
      .leftJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
      .leftJoin(voucherValues, eq(voucherValues.id, orderLines.voucherValueId))
      .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
      .leftJoin(plots, eq(plots.id, orderLines.plotId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.itemIndex), asc(orderLines.id)),
    db
      .select({
        id: tickets.id,
        lineId: tickets.orderLineId,
        cancelledAt: tickets.cancelledAt,
        product: products.title,
        audience: audiences.name,
        date: plots.date,
        start: plots.startTime,
        admittedAt: admissions.scannedAt,
        staffName: staffUsers.name,
        staffEmail: staffUsers.email,
      })
      .from(tickets)
      .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
      .leftJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
      .leftJoin(plots, eq(plots.id, orderLines.plotId))
      .leftJoin(admissions, and(eq(admissions.ticketId, tickets.id), standingAdmission))
      .leftJoin(staffUsers, eq(staffUsers.id, admissions.staffUserId))
      .where(eq(tickets.orderId, order.id))
      .orderBy(asc(orderLines.id), asc(tickets.createdAt), asc(tickets.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    orderMailJobs(db, order),
    db
      .select({ reference: orders.reference })
      .from(orders)
      .where(and(eq(orders.organisationId, ctx.organisation.id), eq(orders.rebookOfOrderId, order.id)))
      .orderBy(asc(orders.id)),
    order.rebookOfOrderId === null
      ? Promise.resolve([])
      : db
          .select({ reference: orders.reference })
          .from(orders)
          .where(and(eq(orders.organisationId, ctx.organisation.id), eq(orders.id, order.rebookOfOrderId))),
    orderAuditEntries(db, order.id),
  ]);
  const holding = HOLDING_STATUSES.includes(order.status);
  const opensDoor = order.status === 'PAID' || order.status === 'INVOICED';
  const customer = order.customer;
  const answers = customer.fields ?? {};
  return {
    reference: order.reference,
    status: order.status,
    kind: order.kind,
    language: order.language,
    currency: ctx.organisation.currency,
    on_invoice: order.onInvoice,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    expires_at: order.expiresAt?.toISOString() ?? null,
    totals: {
      subtotal_cents: order.subtotalCents,
      discount_cents: order.discountCents,
      additions_cents: order.additionsCents,
      rebook_credit_cents: order.rebookCreditCents,
      total_cents: order.totalCents,
    },
    coupon_codes: order.couponCodes,
    einvoices: await orderEInvoices(db, order),
    customer: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      phone: customerPhone(shop, answers),
      company: customer.company ?? null,
      vat_id: customer.vat_id ?? null,
      address: customer.address ?? null,
      city: customer.city ?? null,
      fields: customerFieldAnswers(ctx, shop, answers),
    },
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      name: ctx.text(line.product ?? line.upsell ?? line.subscription ?? line.voucherValue),
      item: line.item,
      plot_id: line.plotId,
      date: line.date,
      start: shortTime(line.start),
      end: shortTime(line.end),
      audience: line.audience ? ctx.text(line.audience) : null,
      quantity: line.quantity,
      unit_cents: line.unitCents,
      total_cents: line.totalCents,
      cancelled_quantity: line.cancelledQuantity,
      status: holding ? ('ACTIVE' as const) : ('VOID' as const),
    })),
    tickets: ticketRows.map((ticket) => ({
      id: ticket.id,
      line_id: ticket.lineId,
      product: ctx.text(ticket.product),
      audience: ticket.audience ? ctx.text(ticket.audience) : null,
      date: ticket.date,
      start: shortTime(ticket.start),
      state: ticket.cancelledAt
        ? ('CANCELLED' as const)
        : !opensDoor
          ? ('VOID' as const)
          : ticket.admittedAt
            ? ('ADMITTED' as const)
            : ('NOT_ADMITTED' as const),
      admitted_at: ticket.admittedAt?.toISOString() ?? null,
      admitted_by: ticket.admittedAt ? ticket.staffName || ticket.staffEmail || null : null,
    })),
    payments: paymentRows.map((payment) => ({
      gateway: payment.gateway,
      provider_ref: payment.providerRef,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      status: payment.status,
      refund_ref: payment.refundRef,
      created_at: payment.createdAt.toISOString(),
    })),
    mails: mails.map((job) => ({
      kind: job.kind,
      to: typeof job.payload.to === 'string' ? job.payload.to : null,
      at: job.createdAt.toISOString(),
      status: job.status,
      sent_at: job.sentAt?.toISOString() ?? null,
    })),
    resendable: await resendableMails(db, order),
    rebookings: {
      rebook_of: rebookOf[0]?.reference ?? null,
      rebooked_into: rebookedInto.map((row) => row.reference),
    },
    history,
    refunds: (await orderRefunds(db, order.id)).map(refundWire),
  };
}
