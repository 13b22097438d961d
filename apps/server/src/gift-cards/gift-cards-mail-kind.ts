import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { orders } from '../db/schema.ts';
import { addressedTo } from '../mail/mail-message.ts';
import { withdrawalMailLines } from '../mail/withdrawal-link.ts';
import { defineMailKind } from '../outbox/mail-kind.ts';
import { renderReceiptPdf } from '../tickets/receipt-pdf.ts';
import { renderGiftCardsPdf } from './gift-card-pdf.ts';
import { giftCardsMail } from './gift-cards-mail.ts';
import { loadOrderGiftCards } from './load-gift-cards.ts';

/**
 * The GIFT_CARDS mail: a paid voucher order's codes as printable gift cards
 * (PDF attached), as they are when it is sent. Nothing to send for an order
 * without codes or e-mail.
 */
export const giftCardsMailKind = defineMailKind({
  name: 'GIFT_CARDS',
  payload: z.object({
    orderId: z.number().int().positive(),
    /** Another address than the order's (staff resending, decision 0232). */
    to: z.email().max(254).optional(),
  }),
  async render({ db, publicUrl }, { orderId, to }) {
    const order = await loadOrderGiftCards(db, orderId);
    if (!order || order.cards.length === 0 || !order.customer.email) return null;
    const [[row], cards, receipt] = await Promise.all([
      db.select({ hash: orders.hash }).from(orders).where(eq(orders.id, orderId)),
      renderGiftCardsPdf(order),
      renderReceiptPdf(order.receipt, order.language),
    ]);
    const withdrawal = row ? withdrawalMailLines(order.language, publicUrl, row.hash) : [];
    return addressedTo(giftCardsMail(order, cards, receipt, withdrawal), to);
  },
});
