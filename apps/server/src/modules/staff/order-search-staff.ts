import {
  ORDER_SEARCH_PAGE_SIZE,
  type StaffOrderPage,
  type staffOrderQuerySchema,
} from '@kassa/domain/contract/staff-orders';
import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import { addCalendarDays, instantOfWallClock } from '@kassa/domain/rules/wall-clock';
import { and, desc, eq, gte, inArray, lt, min, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { fields, orderLines, orders, plots } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

type Filters = z.output<typeof staffOrderQuerySchema>;

/** `abc` → `abc%` for LIKE, with the user's own % _ and \ taken literally. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The indexed expressions (db/schema.ts, orders_org_*_search_idx): the query must repeat them exactly. */
const emailKey = sql`lower(${orders.customer}->>'email')`;
const lastNameKey = sql`lower(${orders.customer}->>'last_name')`;
const fullNameKey = sql`lower((${orders.customer}->>'first_name') || ' ' || (${orders.customer}->>'last_name'))`;

/** Digits a phone number is compared by: its last nine (no country code, no trunk 0). */
function phoneTail(text: string): string | undefined {
  if (!/^\+?[\d\s()./-]+$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-9) : undefined;
}

/**
 * What the search box means (decision 0230): an order number as printed
 * (check digit valid) is that order; something with an @ is the start of an
 * e-mail; digits that are not an order number are a phone number; anything
 * else is the start of a name ("ada", "ada love", "lovelace") or of an e-mail.
 */
async function textMatch(db: Db, organisationId: number, query: string): Promise<SQL | null | undefined> {
  const text = query.trim();
  if (text === '') return undefined;
  const reference = parseOrderReference(text);
  if (reference !== undefined) return eq(orders.reference, reference);
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  if (lower.includes('@')) return sql`${emailKey} like ${prefixPattern(lower)}`;
  const tail = phoneTail(text);
  if (tail !== undefined) {
    const phoneFields = await db
      .select({ id: fields.id })
      .from(fields)
      .where(and(eq(fields.organisationId, organisationId), eq(fields.type, 'PHONE')));
    if (phoneFields.length === 0) return null;
    // Not indexed: phone answers live under the shop's own field ids; a shop's orders are scanned once.
    return or(
      ...phoneFields.map(
        (field) =>
          sql`regexp_replace(${orders.customer}->'fields'->>${String(field.id)}, '[^0-9]', '', 'g') like ${`%${tail}`}`,
      ),
    )!;
  }
  const pattern = prefixPattern(lower);
  const names = [sql`${fullNameKey} like ${pattern}`, sql`${lastNameKey} like ${pattern}`];
  // An e-mail has no spaces: "ada love" is a name only.
  return or(...names, ...(lower.includes(' ') ? [] : [sql`${emailKey} like ${pattern}`]))!;
}

function startOfShopDay(date: string, timeZone: string): Date {
  return new Date(instantOfWallClock(date, '00:00', timeZone));
}

/** One page of the shop's orders matching the search box and filters, newest first. */
export async function searchStaffOrders(db: Db, ctx: ShopContext, filters: Filters): Promise<StaffOrderPage> {
  const { id: organisationId, timeZone } = ctx.organisation;
  const page = filters.page;
  const empty = { orders: [], page, page_size: ORDER_SEARCH_PAGE_SIZE, has_more: false };
  const conditions: (SQL | undefined)[] = [eq(orders.organisationId, organisationId)];
  const match = await textMatch(db, organisationId, filters.q ?? '');
  if (match === null) return empty;
  conditions.push(match);
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.createdAt, startOfShopDay(filters.from, timeZone)));
  if (filters.to) {
    conditions.push(lt(orders.createdAt, startOfShopDay(addCalendarDays(filters.to, 1), timeZone)));
  }
  if (filters.plot !== undefined || filters.visit || filters.product !== undefined) {
    const lineConditions: (SQL | undefined)[] = [];
    if (filters.plot !== undefined) lineConditions.push(eq(orderLines.plotId, filters.plot));
    if (filters.product !== undefined) lineConditions.push(eq(orderLines.productId, filters.product));
    if (filters.visit) {
      lineConditions.push(
        inArray(
          orderLines.plotId,
          db.select({ id: plots.id }).from(plots).where(eq(plots.date, filters.visit)),
        ),
      );
    }
    conditions.push(
      inArray(
        orders.id,
        db
          .select({ id: orderLines.orderId })
          .from(orderLines)
          .where(and(...lineConditions)),
      ),
    );
  }
  const rows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      kind: orders.kind,
      customer: orders.customer,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_SEARCH_PAGE_SIZE + 1)
    .offset((page - 1) * ORDER_SEARCH_PAGE_SIZE);
  const shown = rows.slice(0, ORDER_SEARCH_PAGE_SIZE);
  const visits =
    shown.length === 0
      ? []
      : await db
          .select({ orderId: orderLines.orderId, date: min(plots.date) })
          .from(orderLines)
          .innerJoin(plots, eq(plots.id, orderLines.plotId))
          .where(
            inArray(
              orderLines.orderId,
              shown.map((row) => row.id),
            ),
          )
          .groupBy(orderLines.orderId);
  return {
    orders: shown.map((row) => ({
      reference: row.reference,
      status: row.status,
      kind: row.kind,
      customer: {
        name: `${row.customer.first_name} ${row.customer.last_name}`.trim(),
        email: row.customer.email,
      },
      total_cents: row.totalCents,
      visit_date: visits.find((visit) => visit.orderId === row.id)?.date ?? null,
      created_at: row.createdAt.toISOString(),
    })),
    page,
    page_size: ORDER_SEARCH_PAGE_SIZE,
    has_more: rows.length > ORDER_SEARCH_PAGE_SIZE,
  };
}
