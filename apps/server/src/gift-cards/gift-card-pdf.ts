import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { centsToAmount } from '@kassa/domain/rules/money';
import { shopDate } from '@kassa/domain/rules/shop-date';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import SVGtoPDF from 'svg-to-pdfkit';
import { seedAssetsFolder } from '../paths.ts';
import { giftCardTexts } from './gift-card-texts.ts';
import type { OrderGiftCards } from './load-gift-cards.ts';

/** A6 landscape: a card to print (four to an A4 sheet) or show on a phone. */
const CARD: [number, number] = [419.53, 297.64];
const MARGIN = 22;

/** The SVG of a /media/ image the server serves itself; null for anything else. */
async function mediaSvg(image: string | null): Promise<string | null> {
  if (!image?.startsWith('/media/') || !image.endsWith('.svg')) return null;
  const file = path.basename(image);
  try {
    return await readFile(path.join(seedAssetsFolder, file), 'utf8');
  } catch {
    return null;
  }
}

function money(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(centsToAmount(cents));
}

/**
 * An order's gift cards as one PDF, one card per page: a band in the shop's
 * theme colour with its name, the voucher's image and title, the value, the
 * code in large type and as a QR code, the expiry (or that it does not
 * expire) and how to redeem it, in the buyer's language.
 */
export async function renderGiftCardsPdf(order: OrderGiftCards): Promise<Buffer> {
  const texts = giftCardTexts(order.language);
  const [codes, images] = await Promise.all([
    Promise.all(
      order.cards.map((card) =>
        QRCode.toBuffer(card.code, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 }),
      ),
    ),
    Promise.all(order.cards.map((card) => mediaSvg(card.image))),
  ]);
  const doc = new PDFDocument({
    size: CARD,
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: `${order.shop} – ${texts.giftCard}`, Author: order.shop },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const [width, height] = CARD;
  const qrSize = 92;
  const textWidth = width - 2 * MARGIN - qrSize - 16;
  order.cards.forEach((card, index) => {
    doc.addPage();
    doc.rect(0, 0, width, 46).fill(order.colour);
    doc
      .font('Helvetica-Bold')
      .fontSize(15)
      .fillColor('#ffffff')
      .text(order.shop, MARGIN, 15, { width: width - 2 * MARGIN - 90, lineBreak: false, ellipsis: true });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(texts.giftCard.toUpperCase(), width - MARGIN - 120, 18, { width: 120, align: 'right' });
    const svg = images[index];
    if (svg)
      SVGtoPDF(doc, svg, width - MARGIN - qrSize, 58, {
        width: qrSize,
        height: 66,
        preserveAspectRatio: 'xMidYMid meet',
      });
    doc
      .font('Helvetica-Bold')
      .fontSize(17)
      .fillColor('#111111')
      .text(card.title, MARGIN, 60, { width: textWidth });
    if (card.valueName)
      doc.font('Helvetica').fontSize(10).fillColor('#444444').text(card.valueName, { width: textWidth });
    doc.moveDown(0.3);
    doc
      .font('Helvetica-Bold')
      .fontSize(24)
      .fillColor(order.colour)
      .text(money(card.creditCents, order.currency, order.language), { width: textWidth });
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text(texts.code.toUpperCase(), MARGIN, 168);
    doc
      .font('Courier-Bold')
      .fontSize(17)
      .fillColor('#111111')
      .text(card.code, MARGIN, 179, { width: textWidth + 30 });
    doc.image(codes[index]!, width - MARGIN - qrSize, 136, { width: qrSize });
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#111111')
      .text(
        card.expiration
          ? texts.validUntil(shopDate(card.expiration, order.language, order.receipt.dateFormat))
          : texts.noExpiry,
        MARGIN,
        210,
        { width: textWidth },
      );
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#555555')
      .text(texts.howToRedeem(order.shop), MARGIN, height - MARGIN - 26, { width: width - 2 * MARGIN });
  });
  doc.end();
  return done;
}
