import { zonedTimestamp } from '@kassa/domain/rules/wall-clock';
import type { LocalizedText, orders, payments, PaymentStatus } from '../../db/schema.ts';
import { pickText } from '../../lib/language.ts';
import type { IssuedDocumentLine } from '../../db/schema.ts';
import {
  money,
  type ExportAddition,
  type ExportCustomer,
  type ExportLine,
  type ExportOrder,
  type ExportPayment,
  type ExportVat,
} from './export-order.ts';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** An order line with the names of what it points at (left joins; any may be missing). */
export interface NamedLine {
  id: number;
  kind: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  issuedVoucherId: number | null;
  voucherCode: string | null;
  productTitle: LocalizedText | null;
  plotDate: string | null;
  plotStart: string | null;
  plotEnd: string | null;
  audienceName: LocalizedText | null;
  upsellTitle: LocalizedText | null;
  upsellType: string | null;
  subscriptionTitle: LocalizedText | null;
  voucherTitle: LocalizedText | null;
  voucherValueName: LocalizedText | null;
}

/** A custom field whose answers are exported, under a label unique within the shop. */
export interface FieldInfo {
  id: number;
  label: string;
}

/** What every order of one export shares. */
export interface ExportShop {
  timeZone: string;
  currency: string;
  /** The shop's default language: item, audience and field names are exported in it. */
  language: string;
  /** The shop's custom fields whose answers are exported (phone and e-mail confirmation have their own places). */
  customFields: readonly FieldInfo[];
  phoneFieldIds: ReadonlySet<string>;
  additions: readonly { name: LocalizedText; amountCents: number }[];
}

/** What one order's export needs besides its row. */
export interface OrderExtras {
  lines: readonly NamedLine[];
  payments: readonly PaymentRow[];
  redemptions: readonly { subscriptionTitle: LocalizedText; count: number }[];
  /** Which of the order's codes are coupons (the rest were gift-voucher codes). */
  couponCodes: readonly string[];
  rebookOfReference: string | null;
  /** The order's invoice as issued, when it has one. */
  invoice: { number: string; lines: readonly IssuedDocumentLine[] } | null;
}

/** A line's VAT from its invoice: the charge's own amounts, the rate in percent. */
function vatOfInvoiceLine(line: IssuedDocumentLine | undefined): ExportVat | null {
  if (!line) return null;
  return {
    rate: line.rateBp === null ? null : String(line.rateBp / 100),
    net: money(line.netCents),
    vat: money(line.vatCents),
    gross: money(line.grossCents),
  };
}

/** The reductions of an invoice summed: one rate when they share one, else none. */
function vatOfReductions(lines: readonly IssuedDocumentLine[]): ExportVat | null {
  if (lines.length === 0) return null;
  const rates = new Set(lines.map((line) => line.rateBp));
  const sum = (key: 'netCents' | 'vatCents' | 'grossCents') => lines.reduce((s, line) => s + line[key], 0);
  const [rate] = rates;
  return {
    rate: rates.size === 1 && rate !== null && rate !== undefined ? String(rate / 100) : null,
    net: money(sum('netCents')),
    vat: money(sum('vatCents')),
    gross: money(sum('grossCents')),
  };
}

const DECIDING: readonly PaymentStatus[] = ['PAID', 'REFUND_REQUIRED', 'REFUNDED'];

/** Gift-voucher codes are bearer credit: the export names one by its last four characters. */
export function shortVoucherCode(code: string | null): string {
  return code ? `…${code.slice(-4)}` : '';
}

function hhmm(time: string | null): string | null {
  return time ? time.slice(0, 5) : null;
}

function exportCustomer(order: OrderRow, shop: ExportShop): ExportCustomer {
  const answers = order.customer.fields ?? {};
  const phones = [...shop.phoneFieldIds]
    .map((id) => answers[id])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  const fields: Record<string, string | boolean> = {};
  for (const field of shop.customFields) {
    const value = answers[String(field.id)];
    if (value !== undefined) fields[field.label] = value;
  }
  return {
    first_name: order.customer.first_name,
    last_name: order.customer.last_name,
    email: order.customer.email,
    phone: phones.length > 0 ? phones.join(' / ') : null,
    company: order.customer.company ?? null,
    vat_id: order.customer.vat_id ?? null,
    address: order.customer.address ?? null,
    city: order.customer.city ?? null,
    fields,
  };
}

function exportLine(line: NamedLine, shop: ExportShop, vat: ExportVat | null): ExportLine | null {
  const text = (value: LocalizedText | null) => pickText(value, shop.language, 'en');
  const bought = (type: ExportLine['type'], item: string, plotted: boolean): ExportLine => ({
    type,
    item,
    date: plotted ? line.plotDate : null,
    start_time: plotted ? hhmm(line.plotStart) : null,
    end_time: plotted ? hhmm(line.plotEnd) : null,
    audience: line.audienceName ? text(line.audienceName) : null,
    quantity: line.quantity,
    unit_price: money(line.unitPriceCents),
    total: money(line.totalCents),
    vat,
  });
  switch (line.kind) {
    case 'PRODUCT':
      return bought('TICKET', text(line.productTitle), true);
    case 'UPSELL':
      return bought(line.upsellType === 'DONATION' ? 'DONATION' : 'UPSELL', text(line.upsellTitle), false);
    case 'SUBSCRIPTION':
      return bought('SUBSCRIPTION', text(line.subscriptionTitle), false);
    case 'VOUCHER_VALUE':
      return bought(
        'VOUCHER',
        [text(line.voucherTitle), text(line.voucherValueName)].filter(Boolean).join(' – '),
        false,
      );
    default:
      return null;
  }
}

/**
 * An addition line records only its amount: it is named after the shop's
 * addition of that amount when exactly one has it, since a fee's name may
 * have changed or two fees may cost the same.
 */
function exportAddition(cents: number, shop: ExportShop, vat: ExportVat | null): ExportAddition {
  const same = shop.additions.filter((addition) => addition.amountCents === cents);
  return {
    name: same.length === 1 ? pickText(same[0]!.name, shop.language, 'en') : null,
    amount: money(cents),
    vat,
  };
}

function exportPayment(payment: PaymentRow, shop: ExportShop): ExportPayment {
  return {
    gateway: payment.gateway,
    status: payment.status,
    amount: money(payment.amountCents),
    transaction_id: payment.providerRef,
    created_at: zonedTimestamp(payment.createdAt, shop.timeZone),
    updated_at: zonedTimestamp(payment.updatedAt, shop.timeZone),
  };
}

/** Builds the export DTO of one order from its row and what was read beside it. */
export function buildExportOrder(order: OrderRow, extras: OrderExtras, shop: ExportShop): ExportOrder {
  const lines: ExportLine[] = [];
  const additions: ExportAddition[] = [];
  const voucherCredits: ExportOrder['discounts']['voucher_credits'] = [];
  let couponCents = 0;
  let voucherCents = 0;
  const invoiced = new Map(
    (extras.invoice?.lines ?? []).flatMap((line) =>
      line.kind === 'CHARGE' && line.orderLineId !== null ? [[line.orderLineId, line] as const] : [],
    ),
  );
  for (const line of extras.lines) {
    const vat = vatOfInvoiceLine(invoiced.get(line.id));
    if (line.kind === 'ADDITION') additions.push(exportAddition(line.totalCents, shop, vat));
    else if (line.kind === 'DISCOUNT' && line.issuedVoucherId !== null) {
      voucherCents += line.totalCents;
      voucherCredits.push({ code: shortVoucherCode(line.voucherCode), amount: money(line.totalCents) });
    } else if (line.kind === 'DISCOUNT') couponCents += line.totalCents;
    else {
      const exported = exportLine(line, shop, vat);
      if (exported) lines.push(exported);
    }
  }
  const payments = extras.payments.map((payment) => exportPayment(payment, shop));
  const decidingIndex = extras.payments.findLastIndex((payment) => DECIDING.includes(payment.status));
  const payment = payments[decidingIndex === -1 ? payments.length - 1 : decidingIndex] ?? null;
  return {
    reference: order.reference,
    kind: order.kind,
    status: order.status,
    created_at: zonedTimestamp(order.createdAt, shop.timeZone),
    paid_at: order.paidAt ? zonedTimestamp(order.paidAt, shop.timeZone) : null,
    language: order.language,
    currency: shop.currency,
    on_invoice: order.onInvoice,
    rebook_of: extras.rebookOfReference,
    invoice_number: extras.invoice?.number ?? null,
    reductions_vat: vatOfReductions(
      (extras.invoice?.lines ?? []).filter((line) => line.kind === 'REDUCTION'),
    ),
    customer: exportCustomer(order, shop),
    lines,
    discounts: {
      coupon_codes: [...extras.couponCodes],
      coupon_amount: money(couponCents),
      voucher_credits: voucherCredits,
      voucher_credit_amount: money(voucherCents),
      subscription_redemptions: extras.redemptions.map((redemption) => ({
        subscription: pickText(redemption.subscriptionTitle, shop.language, 'en'),
        count: redemption.count,
      })),
    },
    additions,
    totals: {
      subtotal: money(order.subtotalCents),
      discount: money(order.discountCents),
      additions: money(order.additionsCents),
      rebook_credit: money(order.rebookCreditCents),
      total: money(order.totalCents),
    },
    payment,
    payments,
    enrichment: order.enrichment ?? null,
  };
}
