import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mail-message.ts';
import { loadOrderTickets } from './load-tickets.ts';
import { rebookLinkPath } from './rebook-link.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';
import { ticketsMail } from './tickets-mail.ts';

/**
 * Mails a paid order's tickets. Called once, after the transaction that
 * made the order paid has committed, by whoever made it paid: a replayed
 * webhook finds the order paid already and never gets here. `baseUrl`
 * makes the rebooking link absolute (left relative without one).
 */
export async function sendTickets(db: Db, mailer: Mailer, orderId: number, baseUrl = ''): Promise<void> {
  const order = await loadOrderTickets(db, orderId);
  if (!order || order.tickets.length === 0 || !order.customer.email) return;
  const rebookPath = await rebookLinkPath(db, orderId);
  await mailer.send(
    ticketsMail(order, await renderTicketsPdf(order), rebookPath && `${baseUrl}${rebookPath}`),
  );
}
