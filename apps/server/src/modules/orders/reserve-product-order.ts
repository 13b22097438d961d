import type { Tx } from '../../db/client.ts';
import type { ReservedOrder } from '../../engine/order-kind.ts';
import { issueRebookSecret } from '../rebook/order-secret.ts';
import { queueReservationMails } from '../reservations/queue-reservation-mails.ts';

/**
 * What a product order booked as a reservation gets in its booking
 * transaction (the kind's `reserved` step): its own rebooking link
 * (decision 0040; a paid order gets it with its tickets), and its
 * confirmation now and its reminder before it ends, queued with it
 * (decision 0050).
 */
export async function reserveProductOrder(tx: Tx, reservation: ReservedOrder, now: Date): Promise<void> {
  await issueRebookSecret(tx, reservation.orderId);
  await queueReservationMails(tx, reservation, now);
}
