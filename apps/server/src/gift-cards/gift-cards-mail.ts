import { receiptFileName } from '../tickets/receipt-pdf.ts';
import { receiptMailLines } from '../tickets/receipt-rows.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { giftCardTexts } from './gift-card-texts.ts';
import type { OrderGiftCards } from './load-gift-cards.ts';

/** The file name of an order's gift cards, in the mail and on download. */
export function giftCardsFileName(reference: string): string {
  return `gift-cards-${reference.replace(/\D/g, '')}.pdf`;
}

/**
 * The e-mail that carries the gift cards to the buyer, in the order's
 * language, with the order's receipt in the text and as its own PDF (the
 * cards are given away, so they carry no prices; decision 0186).
 */
export function giftCardsMail(
  order: OrderGiftCards,
  pdf: Buffer,
  receiptPdf: Buffer,
  /** The withdrawal offer (decision 0254): its lines, placed before the receipt. */
  withdrawal: string[] = [],
): MailMessage {
  const texts = giftCardTexts(order.language);
  const lines = [
    texts.greeting(order.customer.name),
    '',
    texts.body,
    '',
    ...order.cards.map((card) => [card.title, card.valueName, card.code].filter(Boolean).join(' · ')),
    '',
    texts.howToRedeem(order.shop),
    '',
    ...(withdrawal.length ? [...withdrawal, ''] : []),
    ...receiptMailLines(order.receipt, order.language),
    '',
    texts.closing(order.shop),
  ];
  return {
    language: order.language,
    to: { name: order.customer.name, address: order.customer.email },
    subject: texts.subject(order.shop, order.reference),
    text: lines.join('\n'),
    attachments: [
      { filename: giftCardsFileName(order.reference), content: pdf, contentType: 'application/pdf' },
      { filename: receiptFileName(order.reference), content: receiptPdf, contentType: 'application/pdf' },
    ],
  };
}
