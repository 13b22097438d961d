import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { organisations } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';
import { mailLink } from '../../mail/mail-link.ts';
import { addressedTo } from '../../mail/mail-message.ts';
import { loadOrderReceipt } from '../../tickets/order-receipt.ts';
import { findReservation, isHolding } from './find-reservation.ts';
import { reservationMail } from './reservation-mail.ts';

const payload = z.object({
  hash: z.string().min(1).max(200),
  baseUrl: z.string().max(2000),
  /** Another address than the order's (staff resending, decision 0232). */
  to: z.email().max(254).optional(),
});

/**
 * A reservation mail built when it is sent, from the reservation as it is
 * then: nothing to send (SKIPPED) once it is paid, expired or rebooked, so
 * a reminder due after the visitor paid never goes out.
 */
function reservationMailKind(kind: 'CONFIRMED' | 'REMINDER') {
  return defineMailKind({
    name: `RESERVATION_${kind}`,
    payload,
    async render({ db, now }, { hash, baseUrl, to }) {
      // Gone (its order deleted): nothing to send; any other failure is retried by the worker.
      const found = await findReservation(db, hash).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'RESERVATION_NOT_FOUND') return null;
        throw error;
      });
      if (!found || !isHolding(found.order, now) || !found.order.customer.email) return null;
      const [[organisation], receipt] = await Promise.all([
        db
          .select({
            name: organisations.name,
            timeZone: organisations.timeZone,
            dateFormat: organisations.dateFormat,
          })
          .from(organisations)
          .where(eq(organisations.id, found.order.organisationId)),
        loadOrderReceipt(db, found.order.id, found.order.language),
      ]);
      if (!receipt) return null;
      const message = reservationMail(kind, {
        shop: organisation?.name ?? '',
        timeZone: organisation?.timeZone ?? 'UTC',
        dateFormat: organisation?.dateFormat ?? 'DD-MM-YYYY',
        order: found.order,
        expiresAt: found.reservation.expiresAt,
        receipt,
        url: mailLink(`${baseUrl}/reservation/${hash}`, found.order.language),
      });
      return addressedTo(message, to);
    },
  });
}

/** On reserving: what is held, until when, and the reservation link. */
export const reservationConfirmedMailKind = reservationMailKind('CONFIRMED');
/** Before the hold ends (REMINDER_BEFORE_MS), when still unpaid. */
export const reservationReminderMailKind = reservationMailKind('REMINDER');
