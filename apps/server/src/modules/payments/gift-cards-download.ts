import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { renderGiftCardsPdf } from '../../gift-cards/gift-card-pdf.ts';
import { giftCardsFileName } from '../../gift-cards/gift-cards-mail.ts';
import { loadOrderGiftCards } from '../../gift-cards/load-gift-cards.ts';
import type { OrderRow } from '../../engine/settlement/find-order.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';

/** GET /api/orders/{hash}/gift-cards.pdf: the same PDF the e-mail carries, once the order has codes. */
export async function sendGiftCardsPdf(db: Db, order: OrderRow, reply: FastifyReply): Promise<FastifyReply> {
  const cards = order.kind === 'VOUCHER' ? await loadOrderGiftCards(db, order.id) : null;
  if (!cards || cards.cards.length === 0) throw paymentErrors.giftCardsNotAvailable();
  const pdf = await renderGiftCardsPdf(cards);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${giftCardsFileName(order.reference)}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
