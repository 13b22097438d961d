import { shopDate } from '@kassa/domain/rules/shop-date';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import { addressedTo, type MailMessage } from '../../mail/mail-message.ts';
import { withdrawalMailLines } from '../../mail/withdrawal-link.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';
import { receiptMailLines } from '../../tickets/receipt-rows.ts';
import { loadOrderPasses } from './load-passes.ts';
import { passesFileName, renderPassesPdf } from './passes-pdf.ts';
import { passesTexts } from './passes-texts.ts';

/**
 * The PASSES mail (decision 0121): a paid subscription order's passes as
 * they are when it is sent, as a PDF with a QR code per pass, and the
 * order's receipt (decision 0186); an online subscription (no passes) gets
 * the same mail without the PDF.
 */
export const passesMailKind = defineMailKind({
  name: 'PASSES',
  payload: z.object({
    orderId: z.number().int().positive(),
    baseUrl: z.string().max(2000),
    /** Another address than the order's (staff resending, decision 0232). */
    to: z.email().max(254).optional(),
  }),
  async render({ db, publicUrl }, { orderId, baseUrl, to }): Promise<MailMessage | null> {
    const order = await loadOrderPasses(db, orderId);
    if (!order?.customer.email) return null;
    const [row] = await db.select({ hash: orders.hash }).from(orders).where(eq(orders.id, orderId));
    // A new pass can be withdrawn from (decision 0254); a renewal is left to staff.
    const withdrawal =
      row && !order.renewal ? withdrawalMailLines(order.language, publicUrl ?? baseUrl, row.hash) : [];
    const texts = passesTexts(order.language);
    const until = shopDate(order.expiration, order.language, order.receipt.dateFormat);
    const lines = [
      texts.greeting(order.customer.name),
      '',
      order.renewal ? texts.renewedBody(order.title, until) : texts.body(order.title, until),
      ...(order.passes.length > 0 ? ['', texts.attached, '', ...order.passes.map((pass) => pass.name)] : []),
      '',
      ...(withdrawal.length ? [...withdrawal, ''] : []),
      ...receiptMailLines(order.receipt, order.language),
      '',
      texts.closing(order.shop),
    ];
    return addressedTo<MailMessage>(
      {
        language: order.language,
        to: { name: order.customer.name, address: order.customer.email },
        subject: order.renewal
          ? texts.renewedSubject(order.shop, order.title, order.reference)
          : texts.subject(order.shop, order.title, order.reference),
        text: lines.join('\n'),
        attachments:
          order.passes.length > 0
            ? [
                {
                  filename: passesFileName(order.reference),
                  content: await renderPassesPdf(order),
                  contentType: 'application/pdf',
                },
              ]
            : [],
      },
      to,
    );
  },
});
