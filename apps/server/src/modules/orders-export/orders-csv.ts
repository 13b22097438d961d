import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import type { ExportShop } from './build-export-order.ts';
import { csvRow, own, type CsvValue } from './csv-cells.ts';
import type { ExportOrder, ExportVat } from './export-order.ts';

/**
 * The CSV shape (decision 0168): one row per line of an order, like the
 * lines of an invoice, with the order's columns repeated on each, so a
 * spreadsheet filters and pivots without joining anything. Discounts,
 * voucher credit, fees and a rebooking's credit are lines too, discounts
 * negative: the line totals of an order add up to what it cost before
 * invoicing. An order without lines still has one row. UTF-8 with a byte
 * order mark, so Excel reads accents and € right; CRLF ends a record.
 */

/** Excel takes a file for UTF-8 only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

const ORDER_COLUMNS = [
  'order_reference',
  'created_at',
  'status',
  'kind',
  'paid_at',
  'on_invoice',
  'currency',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'vat_id',
  'address',
  'city',
] as const;

const TOTAL_COLUMNS = [
  'coupon_codes',
  'coupon_amount',
  'voucher_credit',
  'subscription_redemptions',
  'order_subtotal',
  'order_discount',
  'order_additions',
  'order_rebook_credit',
  'order_total',
  'payment_gateway',
  'payment_status',
  'payment_transaction_id',
  'rebook_of',
] as const;

/** The enrichment keys the storefront sends (decision 0194), a column each; other keys go to enrichment_other as JSON. */
const ENRICHMENT_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'landing_page',
  'embedding_page',
] as const;
const ENRICHMENT_COLUMNS = [...ENRICHMENT_KEYS, 'enrichment_other'] as const;

const LINE_COLUMNS = [
  'line_no',
  'line_type',
  'line_item',
  'line_date',
  'line_start_time',
  'line_end_time',
  'line_audience',
  'line_quantity',
  'line_unit_price',
  'line_total',
  // VAT as the invoice was issued (decision 0240); empty before it.
  'invoice_number',
  'net',
  'vat_rate',
  'vat',
  'gross',
] as const;

/** The header row: order columns, one `field: <name>` column per custom field, totals, enrichment, then the line. */
export function csvHeader(shop: ExportShop): string {
  const fieldColumns = shop.customFields.map((field) => `field: ${field.label}`);
  return (
    UTF8_BOM +
    csvRow([...ORDER_COLUMNS, ...fieldColumns, ...TOTAL_COLUMNS, ...ENRICHMENT_COLUMNS, ...LINE_COLUMNS])
  );
}

/** The enrichment cells: a text as it came (a visitor's input, so formula-guarded), anything else as JSON. */
function enrichmentCells(enrichment: Record<string, unknown> | null): CsvValue[] {
  const cell = (value: unknown): CsvValue =>
    value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
  const known = new Set<string>(ENRICHMENT_KEYS);
  const other = Object.entries(enrichment ?? {}).filter(([key]) => !known.has(key));
  return [
    ...ENRICHMENT_KEYS.map((key) => cell(enrichment?.[key])),
    other.length > 0 ? JSON.stringify(Object.fromEntries(other)) : null,
  ];
}

/** The shop's wall-clock time as a spreadsheet reads it: `2026-11-25 14:03:11` (no offset). */
function sheetTime(iso: string | null): CsvValue {
  return iso ? own(iso.slice(0, 19).replace('T', ' ')) : null;
}

function negative(amount: string): string {
  return amount.startsWith('-') || amount === '0.00' ? amount : `-${amount}`;
}

type LineCells = [
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  string,
  string,
  ExportVat | null,
];

function lineCells(order: ExportOrder): LineCells[] {
  const rows: LineCells[] = order.lines.map((line) => [
    line.type,
    line.item,
    line.date,
    line.start_time,
    line.end_time,
    line.audience,
    line.quantity,
    line.unit_price,
    line.total,
    line.vat,
  ]);
  for (const addition of order.additions) {
    rows.push([
      'ADDITION',
      addition.name ?? '',
      null,
      null,
      null,
      null,
      1,
      addition.amount,
      addition.amount,
      addition.vat,
    ]);
  }
  if (order.discounts.coupon_amount !== '0.00') {
    const amount = negative(order.discounts.coupon_amount);
    rows.push([
      'COUPON',
      order.discounts.coupon_codes.join(' '),
      null,
      null,
      null,
      null,
      1,
      amount,
      amount,
      null,
    ]);
  }
  for (const credit of order.discounts.voucher_credits) {
    const amount = negative(credit.amount);
    rows.push(['VOUCHER_CREDIT', credit.code, null, null, null, null, 1, amount, amount, null]);
  }
  if (order.totals.rebook_credit !== '0.00') {
    const amount = negative(order.totals.rebook_credit);
    const replaced = order.rebook_of ? formatOrderReference(order.rebook_of) : '';
    rows.push(['REBOOK_CREDIT', replaced, null, null, null, null, 1, amount, amount, null]);
  }
  // The reductions' VAT on the first reduction row (coupon, else gift card credit): the VAT column sums to the invoice's.
  const reduction = rows.find((row) => row[0] === 'COUPON' || row[0] === 'VOUCHER_CREDIT');
  if (reduction) reduction[9] = order.reductions_vat;
  return rows;
}

/** The rows of one order, each ended by CRLF. */
export function csvOrderRows(order: ExportOrder, shop: ExportShop): string {
  const { customer, discounts, totals, payment } = order;
  const orderCells: CsvValue[] = [
    own(formatOrderReference(order.reference)),
    sheetTime(order.created_at),
    order.status,
    order.kind,
    sheetTime(order.paid_at),
    order.on_invoice,
    order.currency,
    customer.first_name,
    customer.last_name,
    customer.email,
    customer.phone,
    customer.company,
    customer.vat_id,
    customer.address,
    customer.city,
    ...shop.customFields.map((field) => customer.fields[field.label]),
    discounts.coupon_codes.join(' '),
    own(discounts.coupon_amount),
    own(discounts.voucher_credit_amount),
    // An unlimited pass takes no redemption (count 0, decision 0254): it is listed by its name alone.
    discounts.subscription_redemptions
      .map((r) => (r.count > 0 ? `${r.subscription} × ${r.count}` : r.subscription))
      .join('; '),
    own(totals.subtotal),
    own(totals.discount),
    own(totals.additions),
    own(totals.rebook_credit),
    own(totals.total),
    payment?.gateway,
    payment?.status,
    payment?.transaction_id,
    order.rebook_of ? own(formatOrderReference(order.rebook_of)) : null,
    ...enrichmentCells(order.enrichment),
  ];
  const lines = lineCells(order);
  if (lines.length === 0) return csvRow([...orderCells, ...LINE_COLUMNS.map(() => null)]);
  return lines
    .map(([type, item, date, start, end, audience, quantity, unit, total, vat], index) =>
      csvRow([
        ...orderCells,
        index + 1,
        type,
        item,
        date === null ? null : own(date),
        start === null ? null : own(start),
        end === null ? null : own(end),
        audience,
        quantity,
        own(unit),
        own(total),
        order.invoice_number,
        vat ? own(vat.net) : null,
        vat?.rate ?? null,
        vat ? own(vat.vat) : null,
        vat ? own(vat.gross) : null,
      ]),
    )
    .join('');
}
