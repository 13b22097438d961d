import type { Organisation } from '../../lib/context.ts';
import type { MailMessage } from '../../mail/mail-message.ts';

/** A refund request after validation: every field trimmed, comment possibly empty. */
export interface RefundRequestDetails {
  firstName: string;
  lastName: string;
  email: string;
  orderNumber: string;
  comment: string;
  /** The language the visitor used the shop in, so staff can answer in it. */
  language: string;
  /**
   * The shop's order with that number, looked up when the request came in:
   * its status and a link to it on the staff pages; null when no order of
   * the shop has the number. Absent in jobs written before it existed.
   */
  order?: { status: string; customer: string; url: string } | null;
}

/** What the mail says about the order the visitor named. */
function orderLines(order: RefundRequestDetails['order']): string[] {
  if (order === undefined) return [];
  if (order === null) return ['No order of this shop has this number: check it with the customer.'];
  return [
    `The order is ${order.status.toLowerCase()}, placed by ${order.customer}.`,
    `Open it: ${order.url}`,
  ];
}

/**
 * The mail the shop's staff receive. Replying goes straight to the visitor;
 * header values are stripped of line breaks by the mail module.
 */
export function refundRequestMail(
  organisation: Pick<Organisation, 'name'> & { email: string },
  request: RefundRequestDetails,
): MailMessage {
  const name = `${request.firstName} ${request.lastName}`;
  const lines = [
    `${name} asked for a refund or cancellation through the FAQ page of ${organisation.name}.`,
    '',
    `Name:          ${name}`,
    `E-mail:        ${request.email}`,
    `Order number:  ${request.orderNumber}`,
    `Language:      ${request.language}`,
    '',
    ...orderLines(request.order),
    ...(request.order === undefined ? [] : ['']),
    'Comment:',
    request.comment || '(none)',
    '',
    'Reply to this e-mail to answer the customer.',
  ];
  return {
    to: { name: organisation.name, address: organisation.email },
    replyTo: { name, address: request.email },
    subject: `Refund request for order ${request.orderNumber} from ${name}`,
    text: lines.join('\n'),
  };
}
