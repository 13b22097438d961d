import type { OrderReceipt } from './order-receipt.ts';
import { renderQrPagesPdf } from './qr-pages-pdf.ts';
import { receiptPage } from './receipt-rows.ts';
import { receiptTexts } from './receipt-texts.ts';

/** The file name of an order's receipt: the public reference's digits. */
export function receiptFileName(reference: string): string {
  return `receipt-${reference.replace(/\D/g, '')}.pdf`;
}

/**
 * The receipt on its own, as a one-page PDF in the shop's colour: for every
 * paid order, and the only place a gift voucher order's prices are printed —
 * its gift cards are given away, so they carry none (decision 0186).
 */
export function renderReceiptPdf(receipt: OrderReceipt, language: string): Promise<Buffer> {
  const texts = receiptTexts(language);
  return renderQrPagesPdf(
    {
      title: `${receipt.venue.name} – ${texts.order} ${receipt.reference}`,
      author: receipt.venue.name,
      shop: receipt.venue.name,
      accent: receipt.themeColour,
    },
    [receiptPage(receipt, language)],
  );
}
