import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { percentageToBp, vatDocument } from '@kassa/domain/rules/vat';
import { calendarDateAt, instantOfWallClock } from '@kassa/domain/rules/wall-clock';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  audiences,
  documentCounters,
  orderLines,
  organisations,
  plots,
  products,
  refunds,
  tickets,
  type LocalizedText,
  type TaxRate,
} from '../db/schema.ts';
import { documentNumber } from '../engine/documents/document-numbers.ts';
import { issueCreditNote } from '../engine/documents/issue-credit-note.ts';
import { issuedLines } from '../engine/documents/issue-invoice.ts';
import { addToSalesRollup } from '../engine/documents/sales-rollup.ts';
import { addPlotAdmissions, addPlotTickets, standing } from '../engine/door/plot-tallies.ts';
import type { OrderVat, RatedOrderLine } from '../engine/documents/order-vat.ts';
import { pickText } from '../lib/language.ts';
import { orderReference, secretToken } from '../lib/secrets.ts';
import type { SeedContext } from './context.ts';
import type { SeededProducts } from './demo-catalogue-ids.ts';
import { addDays, isWeekend } from './dates.ts';
import { noise } from './occupancy.ts';

/** Days of past sales the demo has, before today. */
export const DEMO_PAST_SALES_DAYS = 90;

/** Where the demo's past visitors came from (the orders' enrichment, decision 0194). */
const CHANNELS: (Record<string, string> | null)[] = [
  null,
  null,
  { utm_source: 'newsletter', utm_medium: 'email', referrer: '' },
  { referrer: 'https://www.google.com/' },
  { utm_source: 'instagram', utm_medium: 'social', referrer: 'https://l.instagram.com/' },
  { referrer: 'https://www.iamsterdam.com/en/see-and-do' },
];

interface PastLine {
  kind: 'PRODUCT' | 'DISCOUNT';
  productId: number;
  plotId: number | null;
  audienceId: number | null;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

interface PastOrder {
  at: Date;
  /** The shop day of the visit (and of the purchase). */
  visit: string;
  enrichment: Record<string, string> | null;
  coupon: string | null;
  lines: PastLine[];
  /** Tickets let in at the door, of the order's tickets in order. */
  admitted: number;
  /** One ticket cancelled and refunded the day after. */
  refunded: boolean;
}

/**
 * About 90 days of past sales for the manager's dashboard (decision 0264),
 * the same on every seed for the same day: museum day tickets and canal
 * cruises on past plots, some with the WELCOME10 coupon, from several
 * channels, most visitors let in (the rest are no-shows), a few tickets
 * cancelled and refunded. Each order is invoiced as the settlement would
 * (engine/documents), on its shop day, so the sales report and the VAT
 * report read them like any paid order.
 */
export async function seedPastSales(
  { tx, organisationId, today }: SeedContext,
  catalogue: SeededProducts,
  timeZone: string,
): Promise<void> {
  const museum = catalogue.productIds['museum-admission'];
  const cruise = catalogue.productIds['canal-cruise'];
  const audiences = catalogue.audienceIds['museum-admission'] ?? {};
  const museumPrices = [
    { audienceId: audiences.adult ?? null, cents: 1750 },
    { audienceId: audiences.child ?? null, cents: 850 },
    { audienceId: audiences.senior ?? null, cents: 1500 },
  ];
  const cruisePrice = catalogue.priceCents['canal-cruise'];

  const days = Array.from({ length: DEMO_PAST_SALES_DAYS }, (_, index) =>
    addDays(today, index - DEMO_PAST_SALES_DAYS),
  );
  // The past plots: the museum's day and two cruises a day.
  const plotRows = days.flatMap((date) => [
    { productId: museum, date, startTime: null, endTime: null, capacity: 400 },
    { productId: cruise, date, startTime: '11:00', endTime: '12:15', capacity: 48 },
    { productId: cruise, date, startTime: '14:30', endTime: '15:45', capacity: 48 },
  ]);
  const insertedPlots = await tx
    .insert(plots)
    .values(plotRows.map((row) => ({ ...row, selectable: false })))
    .returning({ id: plots.id, productId: plots.productId, date: plots.date, startTime: plots.startTime });
  const plotOf = (productId: number, date: string, start: string | null) =>
    insertedPlots.find(
      (plot) =>
        plot.productId === productId && plot.date === date && (plot.startTime?.slice(0, 5) ?? null) === start,
    )!.id;

  const planned: PastOrder[] = [];
  days.forEach((date, dayIndex) => {
    const busy = (isWeekend(date) ? 1.6 : 1) * (0.7 + 0.6 * (dayIndex / DEMO_PAST_SALES_DAYS));
    const count = Math.round((3 + noise(7, dayIndex) * 5) * busy);
    for (let n = 0; n < count; n++) {
      const r = (salt: number) => noise(dayIndex, n, salt);
      const minute = 9 * 60 + Math.floor(r(1) * 9 * 60);
      const at = new Date(
        instantOfWallClock(
          date,
          `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
          timeZone,
        ),
      );
      const lines: PastLine[] = [];
      if (r(2) < 0.7) {
        for (const [index, price] of museumPrices.entries()) {
          const quantity =
            index === 0 ? 1 + Math.floor(r(3) * 3) : r(4 + index) < 0.3 ? 1 + Math.floor(r(6) * 2) : 0;
          if (quantity > 0)
            lines.push({
              kind: 'PRODUCT',
              productId: museum,
              plotId: plotOf(museum, date, null),
              audienceId: price.audienceId,
              quantity,
              unitPriceCents: price.cents,
              totalCents: quantity * price.cents,
            });
        }
      } else {
        const quantity = 1 + Math.floor(r(3) * 4);
        lines.push({
          kind: 'PRODUCT',
          productId: cruise,
          plotId: plotOf(cruise, date, r(7) < 0.5 ? '11:00' : '14:30'),
          audienceId: null,
          quantity,
          unitPriceCents: cruisePrice,
          totalCents: quantity * cruisePrice,
        });
      }
      const coupon = r(8) < 0.12 ? 'WELCOME10' : null;
      if (coupon) {
        const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
        const discount = Math.round(subtotal * 0.1);
        lines.push({
          kind: 'DISCOUNT',
          productId: lines[0]!.productId,
          plotId: null,
          audienceId: null,
          quantity: 1,
          unitPriceCents: discount,
          totalCents: discount,
        });
      }
      const ticketCount = lines.reduce((sum, line) => sum + (line.kind === 'PRODUCT' ? line.quantity : 0), 0);
      const noShow = r(9) < 0.12;
      planned.push({
        at,
        visit: date,
        enrichment: CHANNELS[Math.floor(r(10) * CHANNELS.length)] ?? null,
        coupon,
        lines,
        admitted: noShow ? Math.max(0, ticketCount - 1 - Math.floor(r(11) * ticketCount)) : ticketCount,
        refunded: dayIndex < DEMO_PAST_SALES_DAYS - 1 && r(12) < 0.04,
      });
    }
  });

  await writePastOrders(tx, organisationId, planned);
}

/** A rate's name resolved in the shop's declared rates (as engine/documents does), in basis points. */
function rateBp(rates: readonly TaxRate[], name: string | null | undefined): number | null {
  const rate = rates.find((r) => r.name === name);
  return rate ? percentageToBp(rate.percentage) : null;
}

/**
 * Writes the planned orders in a few statements (a seed of ~600 orders one
 * by one would slow every fresh start by many seconds): orders, lines,
 * tickets, holds, then their invoices as `issueInvoice` builds them (its
 * lines from `issuedLines`, the one VAT rule) with gap-free numbers from the
 * shop's counter, the few refunds with their credit notes, the admissions.
 */
async function writePastOrders(tx: Tx, organisationId: number, planned: PastOrder[]): Promise<void> {
  const [shop] = await tx.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!shop || planned.length === 0) return;
  const language = 'en';
  const productRows = await tx
    .select({ id: products.id, title: products.title, vatRate: products.vatRate })
    .from(products)
    .where(eq(products.organisationId, organisationId));
  const audienceRows = await tx
    .select({ id: audiences.id, name: audiences.name, vatRate: audiences.vatRate })
    .from(audiences)
    .innerJoin(products, eq(products.id, audiences.productId))
    .where(eq(products.organisationId, organisationId));
  const productOf = new Map(productRows.map((row) => [row.id, row]));
  const audienceOf = new Map(audienceRows.map((row) => [row.id, row]));
  const text = (value: LocalizedText | null | undefined) => pickText(value, language, shop.defaultLanguage);

  // Each table in one statement with one JSON parameter: PGlite binds hundreds of
  // parameters of a multi-row VALUES far more slowly (measured about 0.5 s a table, decision 0271).
  const orderValues = planned.map((plan, index) => {
    const subtotal = plan.lines.filter((l) => l.kind === 'PRODUCT').reduce((sum, l) => sum + l.totalCents, 0);
    const discount = plan.lines
      .filter((l) => l.kind === 'DISCOUNT')
      .reduce((sum, l) => sum + l.totalCents, 0);
    return {
      hash: secretToken(),
      reference: orderReference(),
      customer: {
        first_name: 'Demo',
        last_name: `Visitor ${index + 1}`,
        email: `visitor-${index + 1}@demo-museum.example`,
        fields: {},
      },
      subtotal,
      discount,
      coupon: plan.coupon,
      enrichment: plan.enrichment,
      at: plan.at.toISOString(),
      n: index,
    };
  });
  const orderIds = await inOrder<{ id: number; reference: string }>(
    tx,
    sql`INSERT INTO orders (organisation_id, hash, reference, kind, status, customer, language, subtotal_cents,
        discount_cents, total_cents, coupon_codes, enrichment, created_at, paid_at)
      SELECT ${organisationId}::integer, r.hash, r.reference, 'PRODUCT', 'PAID', r.customer, ${language},
        r.subtotal, r.discount, r.subtotal - r.discount,
        CASE WHEN r.coupon IS NULL THEN '{}'::text[] ELSE ARRAY[r.coupon] END, r.enrichment, r.at, r.at
      FROM jsonb_to_recordset(${JSON.stringify(orderValues)}::jsonb)
        AS r(hash text, reference text, customer jsonb, subtotal integer, discount integer, coupon text,
          enrichment jsonb, at timestamptz, n bigint)
      ORDER BY r.n
      RETURNING id, reference`,
  );
  const lineValues = planned
    .flatMap((plan, index) => plan.lines.map((line) => ({ order_id: orderIds[index]!.id, ...line })))
    .map((line, n) => ({ ...line, n }));
  const lineRows = await inOrder<{ id: number }>(
    tx,
    sql`INSERT INTO order_lines (order_id, kind, product_id, plot_id, audience_id, quantity, unit_price_cents, total_cents)
      SELECT r.order_id, r.kind, r."productId", r."plotId", r."audienceId", r.quantity, r."unitPriceCents", r."totalCents"
      FROM jsonb_to_recordset(${JSON.stringify(lineValues)}::jsonb)
        AS r(order_id integer, kind text, "productId" integer, "plotId" integer, "audienceId" integer,
          quantity integer, "unitPriceCents" integer, "totalCents" integer, n bigint)
      ORDER BY r.n
      RETURNING id`,
  );
  let cursor = 0;
  const lineIds = planned.map((plan) => plan.lines.map(() => lineRows[cursor++]!.id));

  const ticketPlan = planned
    .flatMap((plan, index) =>
      plan.lines.flatMap((line, lineIndex) =>
        line.kind === 'PRODUCT'
          ? Array.from({ length: line.quantity }, () => ({
              order_id: orderIds[index]!.id,
              line_id: lineIds[index]![lineIndex]!,
              secret: secretToken(),
              at: plan.at.toISOString(),
            }))
          : [],
      ),
    )
    .map((ticket, n) => ({ ...ticket, n }));
  const ticketAt = new Map(ticketPlan.map((plan, index) => [plan.secret, index]));
  const ticketRows = await inOrder<{ id: string; lineId: number; secret: string }>(
    tx,
    sql`INSERT INTO tickets (order_id, order_line_id, secret, created_at)
      SELECT r.order_id, r.line_id, r.secret, r.at
      FROM jsonb_to_recordset(${JSON.stringify(ticketPlan)}::jsonb)
        AS r(order_id integer, line_id integer, secret text, at timestamptz, n bigint)
      ORDER BY r.n
      RETURNING id, order_line_id AS "lineId", secret`,
    (row) => ticketAt.get(row.secret)!,
  );
  const ticketsOfLine = new Map<number, string[]>();
  for (const row of ticketRows)
    ticketsOfLine.set(row.lineId, [...(ticketsOfLine.get(row.lineId) ?? []), row.id]);

  const holds = planned.flatMap((plan, index) =>
    plan.lines.flatMap((line) =>
      line.kind === 'PRODUCT'
        ? [{ order_id: orderIds[index]!.id, plot_id: line.plotId, quantity: line.quantity }]
        : [],
    ),
  );
  await tx.execute(sql`
    INSERT INTO capacity_holds (order_id, plot_id, quantity, status, created_at)
    SELECT order_id, plot_id, quantity, 'PAID', now()
    FROM jsonb_to_recordset(${JSON.stringify(holds)}::jsonb) AS r(order_id integer, plot_id integer, quantity integer)`);

  // The invoices, numbered in time order per year from the shop's counter.
  const lastOfYear = new Map<number, number>();
  const invoiceRows = planned.map((plan, index) => {
    const ids = lineIds[index]!;
    const rated: RatedOrderLine[] = plan.lines.map((line, lineIndex) => {
      const product = productOf.get(line.productId);
      const audience = line.audienceId === null ? undefined : audienceOf.get(line.audienceId);
      return {
        orderLineId: ids[lineIndex]!,
        kind: line.kind,
        itemIndex: 0,
        quantity: line.quantity,
        grossCents: line.totalCents,
        rateBp:
          line.kind === 'DISCOUNT' ? null : rateBp(shop.taxRates, audience?.vatRate ?? product?.vatRate),
        discount: line.kind === 'DISCOUNT' ? ('COUPON' as const) : null,
        title: text(product?.title),
        detail: audience ? text(audience.name) : null,
        date: line.kind === 'PRODUCT' ? plan.visit : null,
        code: line.kind === 'DISCOUNT' ? plan.coupon : null,
      };
    });
    const document = vatDocument(
      rated
        .filter((line) => line.kind !== 'DISCOUNT')
        .map((line) => ({
          ref: line.orderLineId,
          itemIndex: 0,
          grossCents: line.grossCents,
          rateBp: line.rateBp,
          couponable: true,
        })),
      rated
        .filter((line) => line.kind === 'DISCOUNT')
        .map((line) => ({
          ref: line.orderLineId,
          itemIndex: 0,
          cents: line.grossCents,
          kind: 'COUPON' as const,
        })),
    );
    const vat: OrderVat = { lines: rated, document, voucherPaymentCents: 0, rebookCreditCents: 0 };
    const issueDate = calendarDateAt(plan.at, shop.timeZone);
    const year = Number(issueDate.slice(0, 4));
    const sequence = (lastOfYear.get(year) ?? 0) + 1;
    lastOfYear.set(year, sequence);
    const index1 = index + 1;
    return {
      organisationId,
      orderId: orderIds[index]!.id,
      number: documentNumber('INVOICE', year, sequence),
      year,
      sequence,
      issuedAt: plan.at,
      issueDate,
      supplyDate: plan.visit,
      dueDate: null,
      language,
      currency: shop.currency,
      seller: shop.seller!,
      buyer: {
        name: `Demo Visitor ${index1}`,
        email: `visitor-${index1}@demo-museum.example`,
        company: null,
        vatId: null,
        address: null,
        city: null,
      },
      orderReference: formatOrderReference(orderIds[index]!.reference),
      lines: issuedLines(vat, language),
      totals: document.totals,
      grossCents: document.grossCents,
      voucherPaymentCents: 0,
      rebookCreditCents: 0,
      payableCents: document.grossCents,
    };
  });
  if (shop.seller) {
    // One JSON parameter, as for the orders above.
    await tx.execute(sql`
      INSERT INTO invoices (organisation_id, order_id, number, year, sequence, issued_at, issue_date, supply_date,
        due_date, language, currency, seller, buyer, order_reference, lines, totals, gross_cents,
        voucher_payment_cents, rebook_credit_cents, payable_cents)
      SELECT r."organisationId", r."orderId", r.number, r.year, r.sequence, r."issuedAt", r."issueDate",
        r."supplyDate", r."dueDate", r.language, r.currency, r.seller, r.buyer, r."orderReference", r.lines,
        r.totals, r."grossCents", r."voucherPaymentCents", r."rebookCreditCents", r."payableCents"
      FROM jsonb_to_recordset(${JSON.stringify(invoiceRows)}::jsonb)
        AS r("organisationId" integer, "orderId" integer, number text, year integer, sequence integer,
          "issuedAt" timestamptz, "issueDate" date, "supplyDate" date, "dueDate" date, language text,
          currency text, seller jsonb, buyer jsonb, "orderReference" text, lines jsonb, totals jsonb,
          "grossCents" integer, "voucherPaymentCents" integer, "rebookCreditCents" integer, "payableCents" integer)`);
    // The dashboard's sums of these invoices in one statement, as issueInvoice adds each (decision 0271).
    const ids = orderIds.map((row) => row.id);
    await addToSalesRollup(
      tx,
      'INVOICE',
      sql`d.order_id IN (SELECT unnest(${`{${ids.join(',')}}`}::integer[]))`,
    );
    for (const [year, last] of lastOfYear)
      await tx
        .insert(documentCounters)
        .values({ organisationId, kind: 'INVOICE', year, last })
        .onConflictDoUpdate({
          target: [documentCounters.organisationId, documentCounters.kind, documentCounters.year],
          set: { last: sql`${documentCounters.last} + ${last}` },
        });
  }

  const admitted: { ticket: string; day: string; at: string }[] = [];
  for (const [index, plan] of planned.entries()) {
    const orderId = orderIds[index]!.id;
    const productLines = plan.lines.flatMap((line, lineIndex) =>
      line.kind === 'PRODUCT' ? [{ line, id: lineIds[index]![lineIndex]! }] : [],
    );
    const live = productLines.flatMap(({ id }) => ticketsOfLine.get(id) ?? []);
    if (plan.refunded && shop.seller) {
      const { line, id: lineId } = productLines[0]!;
      const ticket = ticketsOfLine.get(lineId)![0]!;
      // The ticket's share of what was paid (decision 0235): the coupon took its tenth off.
      const share = plan.coupon
        ? line.unitPriceCents - Math.round(line.unitPriceCents * 0.1)
        : line.unitPriceCents;
      const refundedAt = new Date(plan.at.getTime() + 86_400_000);
      const [refund] = await tx
        .insert(refunds)
        .values({
          organisationId,
          orderId,
          amountCents: share,
          method: 'original',
          status: 'succeeded',
          gateway: 'test',
          idempotencyKey: secretToken(),
          actor: 'box-office@demo-museum.example',
          reason: 'Could not come',
          lines: [{ orderLineId: lineId, quantity: 1, amountCents: share, ticketIds: [ticket] }],
          createdAt: refundedAt,
          updatedAt: refundedAt,
        })
        .returning({ id: refunds.id });
      await tx.update(tickets).set({ cancelledAt: refundedAt }).where(eq(tickets.id, ticket));
      await tx.update(orderLines).set({ cancelledQuantity: 1 }).where(eq(orderLines.id, lineId));
      await tx.execute(
        sql`UPDATE capacity_holds SET quantity = quantity - 1 WHERE order_id = ${orderId} AND plot_id = ${line.plotId}`,
      );
      await issueCreditNote(tx, {
        organisationId,
        orderId,
        refundId: refund!.id,
        lines: [{ orderLineId: lineId, quantity: 1, grossCents: share }],
        issuedAt: refundedAt,
      });
      live.splice(live.indexOf(ticket), 1);
    }
    for (const ticket of live.slice(0, plan.admitted))
      admitted.push({ ticket, day: plan.visit, at: plan.at.toISOString() });
  }
  await tx.execute(sql`
    INSERT INTO admissions (organisation_id, ticket_id, day, scanned_at)
    SELECT ${organisationId}::integer, ticket::uuid, day::date, at::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(admitted)}::jsonb) AS r(ticket text, day text, at text)`);
  // Their slots' counts of standing tickets and of tickets let in, in two statements, as the
  // settlement, the cancellation and the door add each (decision 0271).
  await addPlotTickets(
    tx,
    1,
    sql`t.order_id IN (SELECT unnest(${`{${orderIds.map((row) => row.id).join(',')}}`}::integer[]))`,
  );
  await addPlotAdmissions(
    tx,
    1,
    standing(
      sql`a.ticket_id IN (SELECT unnest(${`{${admitted.map((row) => row.ticket).join(',')}}`}::uuid[]))`,
    ),
  );
}

/**
 * The rows an INSERT … RETURNING wrote, in the order they were planned: by
 * their ids (serials are drawn in the order rows are inserted, which
 * ORDER BY fixes), or by `position` when given.
 */
async function inOrder<T extends { id: number | string }>(
  tx: Tx,
  statement: SQL,
  position?: (row: T) => number,
): Promise<T[]> {
  const rows = ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
  const key = position ?? ((row: T) => Number(row.id));
  return rows
    .map((row) => ({ row, at: key(row) }))
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => row);
}
