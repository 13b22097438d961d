import { z } from 'zod';
import type { MailMessage } from '../../mail/mail-message.ts';
import { defineMailKind } from '../../outbox/mail-kind.ts';
import { writtenDate } from '../../tickets/load-tickets.ts';
import { loadOrderPasses } from './load-passes.ts';
import { renderPassesPdf } from './passes-pdf.ts';
import { passesTexts } from './passes-texts.ts';

/**
 * The PASSES mail (decision 0121): a paid subscription order's passes as
 * they are when it is sent, as a PDF with a QR code per pass; an online
 * subscription (no passes) gets the same mail without the PDF.
 */
export const passesMailKind = defineMailKind({
  payload: z.object({ orderId: z.number().int().positive(), baseUrl: z.string().max(2000) }),
  async render({ db }, { orderId }): Promise<MailMessage | null> {
    const order = await loadOrderPasses(db, orderId);
    if (!order?.customer.email) return null;
    const texts = passesTexts(order.language);
    const until = writtenDate(order.expiration, order.language);
    const lines = [
      texts.greeting(order.customer.name),
      '',
      order.renewal ? texts.renewedBody(order.title, until) : texts.body(order.title, until),
      ...(order.passes.length > 0 ? ['', texts.attached, '', ...order.passes.map((pass) => pass.name)] : []),
      '',
      `${texts.order}: ${order.orderId}`,
      '',
      texts.closing(order.shop),
    ];
    return {
      to: { name: order.customer.name, address: order.customer.email },
      subject: order.renewal
        ? texts.renewedSubject(order.shop, order.title)
        : texts.subject(order.shop, order.title),
      text: lines.join('\n'),
      attachments:
        order.passes.length > 0
          ? [
              {
                filename: `passes-${orderId}.pdf`,
                content: await renderPassesPdf(order),
                contentType: 'application/pdf',
              },
            ]
          : [],
    };
  },
});
