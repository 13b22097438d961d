/**
 * Every kind of mail Kassa sends, by the name its jobs carry. The one
 * place a new kind is registered (gift cards, passes, reservation mails,
 * login links…): define it beside the code that causes it, add it here,
 * and enqueueMail takes its payload, typed.
 */
import type { z } from 'zod';
import { giftCardsMailKind } from '../gift-cards/gift-cards-mail-kind.ts';
import { loginLinkMailKind } from '../modules/clients/login-link-mail.ts';
import { refundRequestCopyMailKind } from '../modules/faq/refund-request-copy-mail.ts';
import { refundRequestMailKind } from '../modules/faq/refund-request-mail-kind.ts';
import {
  reservationConfirmedMailKind,
  reservationReminderMailKind,
} from '../modules/reservations/reservation-mail-kinds.ts';
import { passesMailKind } from '../modules/subscriptions/passes-mail-kind.ts';
import { ticketsMailKind } from '../tickets/tickets-mail-kind.ts';

export const MAIL_KINDS = {
  /** A paid (or invoiced) order's tickets as a PDF, to the customer. */
  TICKETS: ticketsMailKind,
  /** A paid voucher order's codes as printable gift cards (PDF), to the buyer. */
  GIFT_CARDS: giftCardsMailKind,
  /** A refund or cancellation request from the FAQ page, to the shop's staff. */
  REFUND_REQUEST: refundRequestMailKind,
  /** Its confirmation to the visitor, in their language, without what they typed (decision 0195). */
  REFUND_REQUEST_RECEIVED: refundRequestCopyMailKind,
  /** A new reservation: what is held, until when, and its link, to the customer. */
  RESERVATION_CONFIRMED: reservationConfirmedMailKind,
  /** A day before an unpaid reservation ends, to the customer (skipped once paid or ended). */
  RESERVATION_REMINDER: reservationReminderMailKind,
  /** A client's single-use login link (decision 0120). */
  LOGIN_LINK: loginLinkMailKind,
  /** A paid subscription order's passes as a PDF (QR per pass), to the buyer (decision 0121). */
  PASSES: passesMailKind,
};

export type MailKindName = keyof typeof MAIL_KINDS;
/** The payload a job of kind K carries. */
export type MailPayload<K extends MailKindName> = z.input<(typeof MAIL_KINDS)[K]['payload']>;

export function isMailKindName(name: string): name is MailKindName {
  return Object.hasOwn(MAIL_KINDS, name);
}
