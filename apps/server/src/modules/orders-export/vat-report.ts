import { addCalendarDays, instantOfWallClock } from '@kassa/domain/rules/wall-clock';
import { and, between, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  creditNotes,
  invoices,
  issuedVouchers,
  orderLines,
  orders,
  voucherValues,
  vouchers,
  type IssuedRateTotal,
} from '../../db/schema.ts';
import { money } from './export-order.ts';

/** A rate's sums in a report; rate in basis points, null outside the scope of VAT. */
export interface ReportRate {
  rateBp: number | null;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** What `shop report vat` sums for a period on the shop's calendar (decision 0243). */
export interface VatReport {
  from: string;
  to: string;
  invoices: number;
  /** Revenue per rate: the invoices issued in the period. */
  revenue: ReportRate[];
  creditNotes: number;
  /** Taken back per rate: the credit notes issued in the period (positive amounts). */
  credited: ReportRate[];
  /** Gift voucher sales in the period by purpose (SINGLE: VAT at sale; MULTI: none at sale). */
  voucherSales: { purpose: 'SINGLE' | 'MULTI'; grossCents: number }[];
  /** Credit sold and not yet spent nor expired at the end of `to`. */
  giftCardLiabilityCents: number;
}

function sumRates(groups: readonly IssuedRateTotal[][]): ReportRate[] {
  const byRate = new Map<number | null, ReportRate>();
  for (const totals of groups)
    for (const total of totals) {
      const sum = byRate.get(total.rateBp) ?? {
        rateBp: total.rateBp,
        netCents: 0,
        vatCents: 0,
        grossCents: 0,
      };
      sum.netCents += total.netCents;
      sum.vatCents += total.vatCents;
      sum.grossCents += total.grossCents;
      byRate.set(total.rateBp, sum);
    }
  return [...byRate.values()].sort((a, b) => (a.rateBp ?? Infinity) - (b.rateBp ?? Infinity));
}

/**
 * Gift-card liability at an instant: the credit of the codes paid for by
 * then, less what orders placed by then spent of it, for codes not expired
 * by then (decision 0243). Credit spent by an order that later expired
 * unpaid came back to its code, so only orders still standing count.
 */
export async function giftCardLiability(db: Db, organisationId: number, at: Date): Promise<number> {
  const [sold] = await db
    .select({ cents: sql<number>`coalesce(sum(${issuedVouchers.initialCents}), 0)::int` })
    .from(issuedVouchers)
    .where(
      and(
        eq(issuedVouchers.organisationId, organisationId),
        lt(issuedVouchers.createdAt, at),
        or(isNull(issuedVouchers.expiresAt), gt(issuedVouchers.expiresAt, at)),
      ),
    );
  const [spent] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderLines.totalCents}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(issuedVouchers, eq(issuedVouchers.id, orderLines.issuedVoucherId))
    .where(
      and(
        eq(orders.organisationId, organisationId),
        eq(orderLines.kind, 'DISCOUNT'),
        isNotNull(orderLines.issuedVoucherId),
        inArray(orders.status, ['PAID', 'INVOICED', 'RESERVED', 'PENDING', 'REFUND_REQUIRED']),
        lt(orders.createdAt, at),
        or(isNull(issuedVouchers.expiresAt), gt(issuedVouchers.expiresAt, at)),
      ),
    );
  return (sold?.cents ?? 0) - (spent?.cents ?? 0);
}

/** The VAT report of the days `from` to `to` (inclusive, YYYY-MM-DD) on the shop's calendar. */
export async function vatReport(
  db: Db,
  organisation: { id: number; timeZone: string },
  from: string,
  to: string,
): Promise<VatReport> {
  const issued = await db
    .select({ totals: invoices.totals, orderId: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.organisationId, organisation.id), between(invoices.issueDate, from, to)));
  const notes = await db
    .select({ totals: creditNotes.totals })
    .from(creditNotes)
    .where(and(eq(creditNotes.organisationId, organisation.id), between(creditNotes.issueDate, from, to)));
  const orderIds = issued.map((row) => row.orderId);
  const voucherRows = orderIds.length
    ? await db
        .select({
          purpose: vouchers.purpose,
          cents: sql<number>`coalesce(sum(${orderLines.totalCents}), 0)::int`,
        })
        .from(orderLines)
        .innerJoin(voucherValues, eq(voucherValues.id, orderLines.voucherValueId))
        .innerJoin(vouchers, eq(vouchers.id, voucherValues.voucherId))
        .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.kind, 'VOUCHER_VALUE')))
        .groupBy(vouchers.purpose)
    : [];
  const end = new Date(instantOfWallClock(addCalendarDays(to, 1), '00:00', organisation.timeZone));
  return {
    from,
    to,
    invoices: issued.length,
    revenue: sumRates(issued.map((row) => row.totals)),
    creditNotes: notes.length,
    credited: sumRates(notes.map((row) => row.totals)),
    voucherSales: (['SINGLE', 'MULTI'] as const).map((purpose) => ({
      purpose,
      grossCents: voucherRows.find((row) => row.purpose === purpose)?.cents ?? 0,
    })),
    giftCardLiabilityCents: await giftCardLiability(db, organisation.id, end),
  };
}

/** The report as CSV: section, rate (percent, empty outside the scope of VAT), net, VAT, gross. */
export function vatReportCsv(report: VatReport): string {
  const rows: string[][] = [['section', 'vat_rate', 'net', 'vat', 'gross']];
  const rate = (bp: number | null) => (bp === null ? '' : String(bp / 100));
  for (const total of report.revenue)
    rows.push([
      'revenue',
      rate(total.rateBp),
      money(total.netCents),
      money(total.vatCents),
      money(total.grossCents),
    ]);
  for (const total of report.credited)
    rows.push([
      'credit_notes',
      rate(total.rateBp),
      money(-total.netCents),
      money(-total.vatCents),
      money(-total.grossCents),
    ]);
  for (const sale of report.voucherSales)
    rows.push([`voucher_sales_${sale.purpose.toLowerCase()}_purpose`, '', '', '', money(sale.grossCents)]);
  rows.push([`gift_card_liability_at_${report.to}`, '', '', '', money(report.giftCardLiabilityCents)]);
  return rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}
