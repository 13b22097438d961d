import type { MailMessage } from '../mail/mail-message.ts';
import type { OrderTickets } from './load-tickets.ts';
import { receiptRows } from './receipt-rows.ts';
import { ticketTexts } from './ticket-texts.ts';

/** The file name of an order's tickets, in the mail and on download. */
export function ticketsFileName(reference: string): string {
  return `tickets-${reference.replace(/\D/g, '')}.pdf`;
}

/**
 * The e-mail that carries the tickets to the visitor, in the order's
 * language; with the order's rebooking link when the shop allows rebooking.
 */
export function ticketsMail(order: OrderTickets, pdf: Buffer, rebookUrl: string | null = null): MailMessage {
  const texts = ticketTexts(order.language);
  const receipt = receiptRows(order.receipt, texts, order.language);
  const row = (label: string, amount: string) => (amount ? `${label}: ${amount}` : label);
  const lines = [
    texts.greeting(order.customer.name),
    '',
    texts.body,
    '',
    `${texts.order}: ${order.reference}`,
    '',
    `${texts.receipt}:`,
    ...receipt.items.flatMap((item) => [
      '',
      item.heading,
      ...item.rows.map((line) => `  ${row(line.label, line.amount)}`),
    ]),
    '',
    ...receipt.totals.map((line) => row(line.label, line.amount)),
    '',
    `${texts.venue}:`,
    ...receipt.venue,
    '',
    ...(rebookUrl ? [texts.rebook(rebookUrl), ''] : []),
    texts.closing(order.shop),
  ];
  return {
    to: { name: order.customer.name, address: order.customer.email },
    subject: texts.subject(order.shop, order.reference),
    text: lines.join('\n'),
    attachments: [
      { filename: ticketsFileName(order.reference), content: pdf, contentType: 'application/pdf' },
    ],
  };
}
