import { TZDate } from '@date-fns/tz';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Db } from '../db/client.ts';
import { orderLines, orders, organisations, plots, products } from '../db/schema.ts';
import { pickText } from '../lib/language.ts';

/** One visit of an order: a dated plot it has tickets for. */
export interface CalendarVisit {
  plotId: number;
  product: string;
  /** YYYY-MM-DD in the shop's time zone. */
  date: string;
  /** HH:MM[:SS] or null for a whole day. */
  startTime: string | null;
  endTime: string | null;
}

export interface OrderVisits {
  orderHash: string;
  language: string;
  shop: string;
  timeZone: string;
  /** The shop's address, one line each; null when the shop gave none. */
  address: string | null;
  visits: CalendarVisit[];
}

/** The .ics download of an order (decision 0250). */
export function calendarIcsPath(orderHash: string): string {
  return `/api/orders/${encodeURIComponent(orderHash)}/calendar.ics`;
}

/** The file name of an order's calendar entry, in the mail and on download. */
export function calendarFileName(reference: string): string {
  return `visit-${reference.replace(/\D/g, '')}.ics`;
}

/** The dated plots an order has tickets for, in the order's language; null for an unknown order. */
export async function loadOrderVisits(db: Db, orderId: number): Promise<OrderVisits | null> {
  const [order] = await db
    .select({
      hash: orders.hash,
      language: orders.language,
      shop: organisations.name,
      timeZone: organisations.timeZone,
      address: organisations.address,
      fallback: organisations.defaultLanguage,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const rows = await db
    .selectDistinct({
      plotId: plots.id,
      title: products.title,
      date: plots.date,
      startTime: plots.startTime,
      endTime: plots.endTime,
    })
    .from(orderLines)
    .innerJoin(plots, eq(plots.id, orderLines.plotId))
    .innerJoin(products, eq(products.id, plots.productId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'PRODUCT'), isNotNull(plots.date)))
    .orderBy(asc(plots.date), asc(plots.startTime), asc(plots.id));
  return {
    orderHash: order.hash,
    language: order.language,
    shop: order.shop,
    timeZone: order.timeZone,
    address: order.address?.trim() || null,
    visits: rows.map((row) => ({
      plotId: row.plotId,
      product: pickText(row.title, order.language, order.fallback),
      date: row.date!,
      startTime: row.startTime,
      endTime: row.endTime,
    })),
  };
}

/** A wall-clock time on a day in `timeZone`, as that zone's date object (right across DST changes). */
function zonedTime(date: string, time: string, timeZone: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second = 0] = time.split(':').map(Number) as [number, number, number?];
  return new TZDate(year, month - 1, day, hour, minute, second, timeZone);
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The zone's VTIMEZONE block, named as the shop names its zone: the library
 * answers linked zones (Europe/Amsterdam) with their canonical block
 * (Europe/Brussels), whose rules are the same.
 */
function vtimezone(timeZone: string): string | null {
  const answer = tzlib_get_ical_block(timeZone);
  const block = Array.isArray(answer) ? answer[0] : answer;
  if (!block || !block.includes('BEGIN:VTIMEZONE')) return null;
  return block
    .replace(/^TZID:.*$/m, `TZID:${timeZone}`)
    .replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${timeZone}`);
}

/**
 * The order's visits as an iCalendar file (`METHOD:PUBLISH`, one event per
 * visit): times in the shop's time zone with its VTIMEZONE, the shop's
 * address as the place and `bookingUrl` (the return page) as the link.
 * Null when the order has no dated visit.
 */
export function orderCalendar(visits: OrderVisits, bookingUrl: string, now: Date): string | null {
  if (visits.visits.length === 0) return null;
  const calendar = ical({
    prodId: { company: 'Kassa', product: 'tickets', language: visits.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    name: visits.shop,
    timezone: { name: visits.timeZone, generator: vtimezone },
  });
  for (const visit of visits.visits) {
    const allDay = visit.startTime === null;
    const start = allDay
      ? zonedTime(visit.date, '00:00', visits.timeZone)
      : zonedTime(visit.date, visit.startTime!, visits.timeZone);
    const end = allDay
      ? zonedTime(nextDay(visit.date), '00:00', visits.timeZone)
      : visit.endTime
        ? zonedTime(visit.date, visit.endTime, visits.timeZone)
        : null;
    calendar.createEvent({
      id: `order-${visits.orderHash}-plot-${visit.plotId}@kassa`,
      timezone: visits.timeZone,
      start,
      end,
      allDay,
      stamp: new TZDate(now.getTime(), 'UTC'),
      summary: `${visit.product} · ${visits.shop}`,
      location: visits.address,
      description: bookingUrl,
      url: bookingUrl,
    });
  }
  return calendar.toString();
}
