import type { AmountRow } from './qr-pages-pdf.ts';
import type { OrderReceipt } from './order-receipt.ts';
import { shopDate } from './shop-date.ts';
import type { TicketTexts } from './ticket-texts.ts';

/** The receipt as printed rows: each item's heading and lines, then discounts, fees, credit and the total. */
export interface ReceiptRows {
  items: { heading: string; rows: AmountRow[] }[];
  totals: AmountRow[];
  /** The venue: name, then its address lines. */
  venue: string[];
}

export function money(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}

/** The receipt in words and money, in `language` (decision 0149); the mail and the PDF print the same. */
export function receiptRows(receipt: OrderReceipt, texts: TicketTexts, language: string): ReceiptRows {
  const amount = (cents: number) => money(cents, receipt.currency, language);
  const minus = (cents: number) => `− ${amount(cents)}`;
  return {
    items: receipt.items.map((item) => ({
      heading: [item.title, item.date ? shopDate(item.date, language, receipt.dateFormat) : null, item.time]
        .filter(Boolean)
        .join(', '),
      rows: item.lines.map((line) => ({
        label: `${line.quantity} × ${line.label}`,
        amount: amount(line.totalCents),
      })),
    })),
    totals: [
      ...receipt.discounts.map((discount) => ({
        label:
          discount.kind === 'VOUCHER' ? texts.voucherCredit(discount.code) : texts.discount(discount.code),
        amount: minus(discount.totalCents),
      })),
      ...receipt.additions.map((addition) => ({
        label: addition.label || texts.fees,
        amount: amount(addition.totalCents),
      })),
      ...(receipt.creditCents > 0 ? [{ label: texts.credit, amount: minus(receipt.creditCents) }] : []),
      { label: texts.total, amount: amount(receipt.totalCents), strong: true },
    ],
    venue: [receipt.venue.name, ...(receipt.venue.address?.split('\n').filter(Boolean) ?? [])],
  };
}
