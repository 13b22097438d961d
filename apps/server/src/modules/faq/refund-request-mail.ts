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
