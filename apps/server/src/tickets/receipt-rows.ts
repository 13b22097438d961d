import { shopDate } from '@kassa/domain/rules/shop-date';
import type { AmountRow, QrPage } from './qr-pages-pdf.ts';
import type { OrderReceipt } from './order-receipt.ts';
import { labelled, receiptTexts } from './receipt-texts.ts';
import { vatLabel } from '@kassa/domain/rules/vat';

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

/**
 * The receipt in words and money, in `language` (decisions 0149, 0186):
 * the coupon and gift-card credit each on its own line, every fee by its
 * name — or the fee said to be not charged, or none — and the total named
 * paid, on invoice or to pay. Every mail and PDF prints these rows.
 */
export function receiptRows(receipt: OrderReceipt, language: string): ReceiptRows {
  const texts = receiptTexts(language);
  const amount = (cents: number) => money(cents, receipt.currency, language);
  const minus = (cents: number) => `− ${amount(cents)}`;
  const feeNote = receipt.feeNote === 'WAIVED' ? texts.feeWaived : texts.feeNone;
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
        label: discount.kind === 'VOUCHER' ? texts.giftCard(discount.code) : texts.discount(discount.code),
        amount: minus(discount.totalCents),
      })),
      ...receipt.additions.map((addition) => ({
        label: addition.label || texts.fee,
        amount: amount(addition.totalCents),
      })),
      ...(receipt.feeNote ? [{ label: texts.fee, amount: feeNote }] : []),
      ...(receipt.creditCents > 0 ? [{ label: texts.credit, amount: minus(receipt.creditCents) }] : []),
      { label: texts.total[receipt.totalKind], amount: amount(receipt.totalCents), strong: true },
      ...vatRows(receipt, language),
    ],
    venue: [receipt.venue.name, ...(receipt.venue.address?.split('\n').filter(Boolean) ?? [])],
  };
}

/**
 * Under the total: the net, the VAT of each rate and the gross (decision
 * 0240) — "VAT 9%", "BTW 9%", "MwSt. 9%", "IVA 9%", "TVA 9%" — and what was
 * sold outside the scope of VAT (a multi-purpose gift card) on its own line.
 */
export function vatRows(receipt: Pick<OrderReceipt, 'vat' | 'currency'>, language: string): AmountRow[] {
  if (receipt.vat.length === 0) return [];
  const texts = receiptTexts(language);
  const amount = (cents: number) => money(cents, receipt.currency, language);
  const taxed = receipt.vat.filter((total) => total.rateBp !== null);
  const outside = receipt.vat.filter((total) => total.rateBp === null);
  const sum = (key: 'netCents' | 'grossCents') => taxed.reduce((s, total) => s + total[key], 0);
  return [
    ...(taxed.length
      ? [
          { label: texts.totalNet, amount: amount(sum('netCents')) },
          ...taxed.map((total) => ({
            label: vatLabel(total.rateBp!, language),
            amount: amount(total.vatCents),
          })),
          { label: texts.totalGross, amount: amount(sum('grossCents')) },
        ]
      : []),
    ...outside.map((total) => ({ label: texts.notSubject, amount: amount(total.grossCents) })),
  ];
}

/** The receipt as mail text: the order's reference, every item and line, the totals and the venue. */
export function receiptMailLines(receipt: OrderReceipt, language: string): string[] {
  const texts = receiptTexts(language);
  const rows = receiptRows(receipt, language);
  const row = (line: AmountRow) => (line.amount ? labelled(line.label, line.amount, language) : line.label);
  return [
    labelled(texts.order, receipt.reference, language),
    '',
    labelled(texts.receipt, '', language).trimEnd(),
    ...rows.items.flatMap((item) => ['', item.heading, ...item.rows.map((line) => `  ${row(line)}`)]),
    '',
    ...rows.totals.map(row),
    '',
    labelled(texts.venue, '', language).trimEnd(),
    ...rows.venue,
  ];
}

/** The receipt as the last page of a tickets, passes or gift cards PDF. */
export function receiptPage(receipt: OrderReceipt, language: string): QrPage {
  const texts = receiptTexts(language);
  const rows = receiptRows(receipt, language);
  return {
    header: [labelled(texts.order, receipt.reference, language)],
    title: texts.receipt,
    lines: [labelled(texts.venue, rows.venue.join(', '), language)],
    rows: [
      ...rows.items.flatMap((item) => [{ label: item.heading, amount: '' }, ...item.rows]),
      ...rows.totals,
    ],
  };
}
