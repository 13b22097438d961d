import type { MailMessage } from '../mail/mail-message.ts';
import { giftCardTexts } from './gift-card-texts.ts';
import type { OrderGiftCards } from './load-gift-cards.ts';

/** The file name of an order's gift cards, in the mail and on download. */
export function giftCardsFileName(orderId: number): string {
  return `gift-cards-${orderId}.pdf`;
}

/** The e-mail that carries the gift cards to the buyer, in the order's language. */
export function giftCardsMail(order: OrderGiftCards, pdf: Buffer): MailMessage {
  const texts = giftCardTexts(order.language);
  const lines = [
    texts.greeting(order.customer.name),
    '',
    texts.body,
    '',
    ...order.cards.map((card) => `${card.title} · ${card.valueName} · ${card.code}`),
    '',
    texts.howToRedeem(order.shop),
    '',
    texts.closing(order.shop),
  ];
  return {
    to: { name: order.customer.name, address: order.customer.email },
    subject: texts.subject(order.shop, order.orderId),
    text: lines.join('\n'),
    attachments: [{ filename: giftCardsFileName(order.orderId), content: pdf, contentType: 'application/pdf' }],
  };
}
