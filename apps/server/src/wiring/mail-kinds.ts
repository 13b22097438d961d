/**
 * Every kind of mail Kassa sends, registered with the outbox where the app
 * is wired (decision 0215): each kind is defined beside the code that
 * causes it and names itself; the outbox imports none of them. main.ts
 * hands this registry to the mail worker, tests to `deliverMail`. A new
 * kind is one `defineMailKind` and one line here.
 */
import { cancellationMailKind } from '../engine/refunds/cancellation-mail.ts';
import { giftCardsMailKind } from '../gift-cards/gift-cards-mail-kind.ts';
import { loginLinkMailKind } from '../modules/clients/login-link-mail.ts';
import { refundRequestCopyMailKind } from '../modules/faq/refund-request-copy-mail.ts';
import { refundRequestMailKind } from '../modules/faq/refund-request-mail-kind.ts';
import {
  reservationConfirmedMailKind,
  reservationReminderMailKind,
} from '../modules/reservations/reservation-mail-kinds.ts';
import { passesMailKind } from '../modules/subscriptions/passes-mail-kind.ts';
import { requestDeclinedMailKind } from '../modules/staff/request-declined-mail.ts';
import { movePaymentMailKind } from '../modules/staff/move-payment-mail.ts';
import { staffPasswordLinkMailKind } from '../modules/staff/staff-password-link-mail.ts';
import { mailKindRegistry } from '../outbox/mail-kind.ts';
import { waitlistOfferMailKind } from '../modules/waitlist/waitlist-offer-mail.ts';
import { withdrawalMailKind } from '../modules/withdrawal/withdrawal-mail.ts';
import { ticketsMailKind } from '../tickets/tickets-mail-kind.ts';

export const MAIL_KINDS = mailKindRegistry([
  /** A paid (or invoiced) order's tickets as a PDF, to the customer. */
  ticketsMailKind,
  /** A paid voucher order's codes as printable gift cards (PDF), to the buyer. */
  giftCardsMailKind,
  /** A refund or cancellation request from the FAQ page, to the shop's staff. */
  refundRequestMailKind,
  /** Its confirmation to the visitor, in their language, without what they typed (decision 0195). */
  refundRequestCopyMailKind,
  /** A new reservation: what is held, until when, and its link, to the customer. */
  reservationConfirmedMailKind,
  /** A day before an unpaid reservation ends, to the customer (skipped once paid or ended). */
  reservationReminderMailKind,
  /** A client's single-use login link (decision 0120). */
  loginLinkMailKind,
  /** A paid subscription order's passes as a PDF (QR per pass), to the buyer (decision 0121). */
  passesMailKind,
  /** A staff member's single-use link to set their password (decision 0245). */
  staffPasswordLinkMailKind,
  /** Staff cancelled part or all of an order: what, and what comes back (decision 0236). */
  cancellationMailKind,
  /** Places came free for a waiting-list entry: held for them, with a link to buy (decision 0252). */
  waitlistOfferMailKind,
  /** The acknowledgement of a withdrawal from a voucher or pass purchase (decision 0254). */
  withdrawalMailKind,
  /** Staff declined a refund request from the FAQ page, with their message (decision 0239). */
  requestDeclinedMailKind,
  /** Staff moved a booking to a dearer time: the difference to pay, with its link (decision 0247). */
  movePaymentMailKind,
]);
