import { shopDate } from '@kassa/domain/rules/shop-date';
import { renderQrPagesPdf } from '../../tickets/qr-pages-pdf.ts';
import { receiptPage } from '../../tickets/receipt-rows.ts';
import { labelled } from '../../tickets/receipt-texts.ts';
import type { OrderPasses } from './load-passes.ts';
import { passesTexts } from './passes-texts.ts';

/** The file name of an order's passes, in the mail and on download: the public reference's digits. */
export function passesFileName(reference: string): string {
  return `passes-${reference.replace(/\D/g, '')}.pdf`;
}

/**
 * A subscription's passes as one PDF in the shop's colour, a pass per page
 * with a QR code of the pass's secret, then the receipt (decision 0186).
 */
export async function renderPassesPdf(order: OrderPasses): Promise<Buffer> {
  const { language, receipt } = order;
  const texts = passesTexts(language);
  const until = shopDate(order.expiration, language, receipt.dateFormat);
  return renderQrPagesPdf(
    {
      title: `${order.shop} – ${order.title}`,
      author: order.shop,
      shop: order.shop,
      accent: receipt.themeColour,
    },
    [
      ...order.passes.map((pass, index) => ({
        header: [texts.passOf(index + 1, order.passes.length)],
        title: order.title,
        name: pass.name,
        lines: [
          ...(pass.audience ? [labelled(texts.type, pass.audience, language)] : []),
          labelled(texts.validUntil, until, language),
          labelled(texts.order, order.reference, language),
        ],
        secret: pass.secret,
      })),
      receiptPage(receipt, language),
    ],
  );
}
