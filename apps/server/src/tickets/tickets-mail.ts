import type { MailMessage } from '../mail/mail-message.ts';
import type { OrderTickets } from './load-tickets.ts';
import { receiptMailLines } from './receipt-rows.ts';
import { ticketTexts } from './ticket-texts.ts';

/** The file name of an order's tickets, in the mail and on download. */
export function ticketsFileName(reference: string): string {
  return `tickets-${reference.replace(/\D/g, '')}.pdf`;
}

/**
 * The e-mail that carries the tickets to the visitor, in the order's
 * language; with the order's rebooking link when the shop allows rebooking.
 */
export function ticketsMail(
  order: OrderTickets,
  pdf: Buffer,
  rebookUrl: string | null = null,
  /** The order page with its cancel panel open, when the visitor may cancel online now (decision 0259). */
  cancelUrl: string | null = null,
): MailMessage {
  const texts = ticketTexts(order.language);
  const lines = [
    texts.greeting(order.customer.name),
    '',
    texts.body,
    '',
    ...receiptMailLines(order.receipt, order.language),
    '',
    ...(rebookUrl ? [texts.rebook(rebookUrl), ''] : []),
    ...(cancelUrl ? [texts.cancel(cancelUrl), ''] : []),
    texts.closing(order.shop),
  ];
  return {
    language: order.language,
    to: { name: order.customer.name, address: order.customer.email },
    subject: texts.subject(order.shop, order.reference),
    text: lines.join('\n'),
    attachments: [
      { filename: ticketsFileName(order.reference), content: pdf, contentType: 'application/pdf' },
    ],
  };
}
