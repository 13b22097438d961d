import type { AttendeeList } from '@kassa/domain/contract/staff-orders';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  admissions,
  audiences,
  orderLines,
  orders,
  plots,
  products,
  tickets,
  upsells,
} from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { customerFieldAnswers, shopFields } from './order-page.ts';
import { shortTime, standingAdmission } from './ticket-details.ts';

/** Orders whose people come: paid, or confirmed on invoice. */
const COMING = ['PAID', 'INVOICED'] as const;

/**
 * Who comes to a slot (decision 0234): one row per order with tickets on the
 * plot, by last name — its people per audience, the extras of those items,
 * the answers to the shop's own fields (a team name, say) and how many are in.
 */
export async function loadAttendees(db: Db, ctx: ShopContext, plotId: number): Promise<AttendeeList> {
  const [plot] = await db
    .select({
      id: plots.id,
      product: products.title,
      date: plots.date,
      start: plots.startTime,
      end: plots.endTime,
    })
    .from(plots)
    .innerJoin(products, eq(products.id, plots.productId))
    .where(and(eq(plots.id, plotId), eq(products.organisationId, ctx.organisation.id)));
  if (!plot) throw new AppError(404, 'PLOT_NOT_FOUND', 'The shop has no such slot');
  const lines = await db
    .select({
      orderId: orders.id,
      reference: orders.reference,
      status: orders.status,
      customer: orders.customer,
      lineId: orderLines.id,
      item: orderLines.itemIndex,
      quantity: orderLines.quantity,
      audience: audiences.name,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
    .where(
      and(
        eq(orderLines.plotId, plotId),
        eq(orderLines.kind, 'PRODUCT'),
        eq(orders.organisationId, ctx.organisation.id),
        inArray(orders.status, [...COMING]),
      ),
    )
    .orderBy(asc(orderLines.id));
  const orderIds = [...new Set(lines.map((line) => line.orderId))];
  const lineIds = lines.map((line) => line.lineId);
  const [shop, extras, ticketCounts] = await Promise.all([
    shopFields(db, ctx.organisation.id),
    orderIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            orderId: orderLines.orderId,
            item: orderLines.itemIndex,
            title: upsells.title,
            quantity: orderLines.quantity,
          })
          .from(orderLines)
          .innerJoin(upsells, eq(upsells.id, orderLines.upsellId))
          .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.kind, 'UPSELL')))
          .orderBy(asc(orderLines.id)),
    lineIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ orderId: tickets.orderId, total: count(tickets.id), admitted: count(admissions.id) })
          .from(tickets)
          .leftJoin(admissions, and(eq(admissions.ticketId, tickets.id), standingAdmission))
          .where(inArray(tickets.orderLineId, lineIds))
          .groupBy(tickets.orderId),
  ]);
  const columns = new Map<string, string>();
  const attendees = orderIds.map((orderId) => {
    const own = lines.filter((line) => line.orderId === orderId);
    const first = own[0]!;
    const items = new Set(own.map((line) => line.item));
    const byAudience = new Map<string, number>();
    for (const line of own) {
      const name = line.audience ? ctx.text(line.audience) : '';
      byAudience.set(name, (byAudience.get(name) ?? 0) + line.quantity);
    }
    const answers = customerFieldAnswers(ctx, shop, first.customer.fields ?? {});
    for (const answer of answers) columns.set(answer.id, answer.label);
    const tally = ticketCounts.find((row) => row.orderId === orderId);
    return {
      order: formatOrderReference(first.reference),
      name: `${first.customer.first_name} ${first.customer.last_name}`.trim(),
      lastName: first.customer.last_name.toLocaleLowerCase(),
      email: first.customer.email,
      status: first.status,
      audiences: [...byAudience].map(([audience, quantity]) => ({ audience, quantity })),
      tickets: tally?.total ?? 0,
      admitted: tally?.admitted ?? 0,
      extras: extras
        .filter((extra) => extra.orderId === orderId && items.has(extra.item) && extra.quantity > 0)
        .map((extra) => ({ title: ctx.text(extra.title), quantity: extra.quantity })),
      fields: Object.fromEntries(
        answers.map((answer) => [
          answer.id,
          answer.value === true ? '✓' : answer.value === false ? '' : answer.value,
        ]),
      ),
    };
  });
  attendees.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.name.localeCompare(b.name));
  return {
    plot: {
      id: plot.id,
      product: ctx.text(plot.product),
      date: plot.date,
      start: shortTime(plot.start),
      end: shortTime(plot.end),
    },
    fields: [...columns].map(([id, label]) => ({ id, label })),
    attendees: attendees.map(({ lastName: _lastName, ...attendee }) => attendee),
  };
}

function csvCell(value: string | number): string {
  const text = String(value);
  // A leading = + - @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The attendee list as CSV (one row per order), headed in the request's language by the caller. */
export function attendeesCsv(list: AttendeeList, headings: readonly string[]): string {
  const rows = [
    [...headings, ...list.fields.map((field) => field.label)],
    ...list.attendees.map((attendee) => [
      attendee.order,
      attendee.name,
      attendee.email,
      attendee.tickets,
      attendee.admitted,
      attendee.audiences
        .map((a) => (a.audience ? `${a.quantity}× ${a.audience}` : String(a.quantity)))
        .join('; '),
      attendee.extras.map((e) => `${e.quantity}× ${e.title}`).join('; '),
      ...list.fields.map((field) => attendee.fields[field.id] ?? ''),
    ]),
  ];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
