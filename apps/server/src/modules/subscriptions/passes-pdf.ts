import { writtenDate } from '../../tickets/load-tickets.ts';
import { renderQrPagesPdf } from '../../tickets/qr-pages-pdf.ts';
import type { OrderPasses } from './load-passes.ts';
import { passesTexts } from './passes-texts.ts';

/** A subscription's passes as one PDF, a pass per page, each with a QR code of the pass's secret. */
export async function renderPassesPdf(order: OrderPasses): Promise<Buffer> {
  const texts = passesTexts(order.language);
  const until = writtenDate(order.expiration, order.language);
  return renderQrPagesPdf(
    { title: `${order.shop} – ${order.title}`, author: order.shop },
    order.passes.map((pass, index) => ({
      header: [order.shop, texts.passOf(index + 1, order.passes.length)],
      title: order.title,
      name: pass.name,
      lines: [
        ...(pass.audience ? [`${texts.type}: ${pass.audience}`] : []),
        `${texts.validUntil}: ${until}`,
        `${texts.order}: ${order.orderId}`,
      ],
      secret: pass.secret,
    })),
  );
}
