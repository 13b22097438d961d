import { shopDate } from '@kassa/domain/rules/shop-date';
import { z } from 'zod';
import { addressedTo, type MailMessage } from '../../mail/mail-message.ts';
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
  async render({ db }, { orderId, to }): Promise<MailMessage | null> {
    const order = await loadOrderPasses(db, orderId);
    if (!order?.customer.email) return null;
    const texts = passesTexts(order.language);
    const until = shopDate(order.expiration, order.language, order.receipt.dateFormat);
    const lines = [
      texts.greeting(order.customer.name),
      '',
      order.renewal ? texts.renewedBody(order.title, until) : texts.body(order.title, until),
      ...(order.passes.length > 0 ? ['', texts.attached, '', ...order.passes.map((pass) => pass.name)] : []),
      '',
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
