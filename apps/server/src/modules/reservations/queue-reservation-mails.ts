import type { Tx } from '../../db/client.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { reservationConfirmedMailKind, reservationReminderMailKind } from './reservation-mail-kinds.ts';

/** How long before the hold ends the reminder goes out. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60_000;

/**
 * Queues a new reservation's mails in its booking transaction (decision
 * 0050): the confirmation now, and the reminder due REMINDER_BEFORE_MS
 * before the hold ends (none when the hold is too short for a reminder to
 * tell anything the confirmation did not). One job each, ever (dedupe
 * keys); the reminder renders to nothing once the reservation is paid,
 * expired or rebooked, so it is sent at most once and only when it matters.
 */
export async function queueReservationMails(
  tx: Tx,
  reservation: { orderId: number; organisationId: number; hash: string; expiresAt: Date; baseUrl: string },
  now: Date,
): Promise<void> {
  const payload = { hash: reservation.hash, baseUrl: reservation.baseUrl };
  const base = { organisationId: reservation.organisationId, payload };
  await enqueueMail(
    tx,
    {
      ...base,
      kind: reservationConfirmedMailKind,
      dedupeKey: `reservation-confirmed:${reservation.orderId}`,
    },
    now,
  );
  const remindAt = new Date(reservation.expiresAt.getTime() - REMINDER_BEFORE_MS);
  if (remindAt.getTime() - now.getTime() < REMINDER_BEFORE_MS / 2) return;
  await enqueueMail(
    tx,
    {
      ...base,
      kind: reservationReminderMailKind,
      dedupeKey: `reservation-reminder:${reservation.orderId}`,
      dueAt: remindAt,
    },
    now,
  );
}
