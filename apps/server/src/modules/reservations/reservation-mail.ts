import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { shopDate } from '@kassa/domain/rules/shop-date';
import type { MailMessage } from '../../mail/mail-message.ts';
import { headerText } from '../../mail/header-text.ts';
import type { OrderReceipt } from '../../tickets/order-receipt.ts';
import { receiptMailLines } from '../../tickets/receipt-rows.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import type { OrderRow } from './find-reservation.ts';
import { reservationMailTexts } from './reservation-mail-texts.ts';

export interface ReservationMailInput {
  shop: string;
  timeZone: string;
  /** The shop's date format (organisations.date_format), as tickets and the return page print dates. */
  dateFormat: string;
  order: OrderRow;
  expiresAt: Date;
  /** What is held and its price (decision 0186): the receipt every mail prints. */
  receipt: OrderReceipt;
  /** The absolute reservation link. */
  url: string;
}

/** The confirmation or the reminder of a reservation, in the order's language. */
export function reservationMail(kind: 'CONFIRMED' | 'REMINDER', input: ReservationMailInput): MailMessage {
  const { order, receipt } = input;
  const texts = reservationMailTexts(order.language);
  const name = headerText(`${order.customer.first_name} ${order.customer.last_name}`);
  const held = zonedNow(input.expiresAt, input.timeZone);
  const day = (date: string) => shopDate(date, order.language, input.dateFormat);
  const when = `${day(held.date)}, ${held.time}`;
  const lines = [
    texts.greeting(name),
    '',
    kind === 'CONFIRMED' ? texts.confirmedBody : texts.reminderBody,
    '',
    ...receiptMailLines(receipt, order.language),
    '',
    texts.heldUntil(when),
    '',
    texts.link(input.url),
    '',
    texts.closing(input.shop),
  ];
  const subject = kind === 'CONFIRMED' ? texts.confirmedSubject : texts.reminderSubject;
  return {
    language: order.language,
    to: { name, address: order.customer.email },
    subject: headerText(subject(input.shop, formatOrderReference(order.reference))),
    text: lines.join('\n'),
  };
}
