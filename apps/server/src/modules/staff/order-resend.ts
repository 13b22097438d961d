import type { ResendAnswer } from '@kassa/domain/contract/staff-orders';
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { giftCardsMailKind } from '../../gift-cards/gift-cards-mail-kind.ts';
import { issuedVouchers, reservations, tickets } from '../../db/schema.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { ticketsMailKind } from '../../tickets/tickets-mail-kind.ts';
import { reservationConfirmedMailKind } from '../reservations/reservation-mail-kinds.ts';
import { passesMailKind } from '../subscriptions/passes-mail-kind.ts';
import { findStaffOrder, type StaffOrderRow } from './staff-order-row.ts';

async function has(query: Promise<{ n: number }[]>): Promise<boolean> {
  const [row] = await query;
  return (row?.n ?? 0) > 0;
}

/**
 * The mails staff may send again for an order (decision 0232), the one it
 * is about first: its tickets, gift cards or passes once it is paid (or
 * invoiced), its reservation while it is reserved. Each is rendered from
 * the order as it is when sent, so a corrected customer shows in it.
 */
export async function resendableMails(db: Db | Tx, order: StaffOrderRow): Promise<string[]> {
  const kinds: string[] = [];
  const confirmed = order.status === 'PAID' || order.status === 'INVOICED';
  if (confirmed && order.kind === 'PRODUCT') {
    const withTickets = await has(
      db.select({ n: count() }).from(tickets).where(eq(tickets.orderId, order.id)),
    );
    if (withTickets) kinds.push(ticketsMailKind.name);
  }
  if (order.status === 'PAID' && order.kind === 'VOUCHER') {
    const withCodes = await has(
      db.select({ n: count() }).from(issuedVouchers).where(eq(issuedVouchers.orderId, order.id)),
    );
    if (withCodes) kinds.push(giftCardsMailKind.name);
  }
  if (order.status === 'PAID' && order.kind === 'SUBSCRIPTION') kinds.push(passesMailKind.name);
  if (order.status === 'RESERVED') {
    const reserved = await has(
      db.select({ n: count() }).from(reservations).where(eq(reservations.orderId, order.id)),
    );
    if (reserved) kinds.push(reservationConfirmedMailKind.name);
  }
  return kinds;
}

export interface ResendRequest {
  organisationId: number;
  number: string;
  mail?: string | undefined;
  to?: string | undefined;
  actor: AuditActor;
  baseUrl: string;
  now: Date;
}

/**
 * Queues one of an order's mails again through the outbox, to the order's
 * e-mail or the address staff give, with an audit entry in the same
 * transaction: the mail goes if and only if the entry is written.
 */
export async function resendOrderMail(db: Db, request: ResendRequest): Promise<ResendAnswer> {
  return db.transaction(async (tx) => {
    const order = await findStaffOrder(tx, request.organisationId, request.number);
    const kinds = await resendableMails(tx, order);
    const mail = request.mail ?? kinds[0];
    if (mail === undefined || !kinds.includes(mail)) {
      throw new AppError(409, 'MAIL_NOT_RESENDABLE', 'This order has no such mail to send again');
    }
    // Always written into the job: the order page then shows where each resent mail went.
    const sentTo = request.to?.trim() || order.customer.email;
    if (!sentTo) throw new AppError(409, 'MAIL_NO_ADDRESS', 'The order has no e-mail address: give one');
    const common = { organisationId: order.organisationId };
    if (mail === ticketsMailKind.name) {
      await enqueueMail(
        tx,
        {
          ...common,
          kind: ticketsMailKind,
          payload: { orderId: order.id, baseUrl: request.baseUrl, to: sentTo },
        },
        request.now,
      );
    } else if (mail === giftCardsMailKind.name) {
      await enqueueMail(
        tx,
        { ...common, kind: giftCardsMailKind, payload: { orderId: order.id, to: sentTo } },
        request.now,
      );
    } else if (mail === passesMailKind.name) {
      await enqueueMail(
        tx,
        {
          ...common,
          kind: passesMailKind,
          payload: { orderId: order.id, baseUrl: request.baseUrl, to: sentTo },
        },
        request.now,
      );
    } else {
      const [reservation] = await tx
        .select({ hash: reservations.hash })
        .from(reservations)
        .where(eq(reservations.orderId, order.id));
      await enqueueMail(
        tx,
        {
          ...common,
          kind: reservationConfirmedMailKind,
          payload: { hash: reservation!.hash, baseUrl: request.baseUrl, to: sentTo },
        },
        request.now,
      );
    }
    await appendAudit(tx, {
      organisationId: order.organisationId,
      actor: request.actor,
      action: 'order.resend',
      orderId: order.id,
      after: { mail, to: sentTo },
    });
    return { mail, to: sentTo };
  });
}
