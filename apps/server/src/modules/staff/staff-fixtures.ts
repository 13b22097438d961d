/**
 * Test set-up for the door: staff accounts logged in through the real
 * route, and paid orders with tickets written as settlement writes them.
 */
import type { StaffRole } from '@kassa/domain/rules/staff-role';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { secretToken } from '../../lib/secrets.ts';
import { addPlotTickets } from '../../engine/door/plot-tallies.ts';
import { sql } from 'drizzle-orm';
import { createAudience, createPlot, createProduct, createUpsell } from '../../testing/fixtures.ts';
import { createClientSubscription } from '../orders/order-fixtures.ts';
import { addStaffUser } from './staff-accounts.ts';

export const STAFF_PASSWORD = 'door-staff-password';
let counter = 0;

/** A staff member of the shop, logged in: the bearer token and the headers carrying it. */
export async function staffLogin(
  app: App,
  db: Db,
  organisationId: number,
  name = 'Sam Door',
  role: StaffRole = 'door',
) {
  counter += 1;
  const email = `staff${counter}@example.test`;
  await addStaffUser(db, { organisationId, email, name, password: STAFF_PASSWORD, role });
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password: STAFF_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`);
  const token = response.json<{ token: string }>().token;
  return { email, token, headers: { authorization: `Bearer ${token}` } };
}

export interface TicketPlot {
  date: string | null;
  startTime?: string | null;
  endTime?: string | null;
}

/** A PAID order of `quantity` tickets for a product on a plot, with an upsell, as settlement leaves it. */
export async function paidTickets(
  db: Db,
  organisationId: number,
  plot: TicketPlot,
  quantity = 1,
  status: s.OrderStatus = 'PAID',
) {
  const product = await createProduct(db, organisationId, {
    hasDays: plot.date !== null,
    hasTimeslots: Boolean(plot.startTime),
    title: { en: 'Zoo day', nl: 'Dierentuindag' },
  });
  const audience = await createAudience(db, {
    productId: product.id,
    name: { en: 'Adult', nl: 'Volwassene' },
  });
  const upsell = await createUpsell(db, organisationId, { title: { en: 'Map', nl: 'Plattegrond' } });
  const plotRow = await createPlot(db, product.id, { capacity: 50, ...plot });
  const order = await paidOrder(db, organisationId, status);
  const [line] = await db
    .insert(s.orderLines)
    .values({
      orderId: order.id,
      kind: 'PRODUCT',
      productId: product.id,
      plotId: plotRow.id,
      audienceId: audience.id,
      quantity,
      unitPriceCents: 1000,
      totalCents: 1000 * quantity,
    })
    .returning();
  await db.insert(s.orderLines).values({
    orderId: order.id,
    kind: 'UPSELL',
    upsellId: upsell.id,
    quantity: 2,
    unitPriceCents: 250,
    totalCents: 500,
  });
  await db
    .insert(s.capacityHolds)
    .values({ orderId: order.id, plotId: plotRow.id, quantity, status: 'PAID' });
  const rows = await db
    .insert(s.tickets)
    .values(
      Array.from({ length: quantity }, () => ({
        orderId: order.id,
        orderLineId: line!.id,
        secret: secretToken(),
      })),
    )
    .returning();
  // As the settlement's issueTickets counts them on their plot (decision 0271).
  await addPlotTickets(db, 1, sql`t.order_id = ${order.id}`);
  return {
    product,
    plot: plotRow,
    order,
    line: line!,
    tickets: rows,
    secrets: rows.map((row) => row.secret),
  };
}

export async function paidOrder(
  db: Db,
  organisationId: number,
  status: s.OrderStatus = 'PAID',
  rebookOf?: number,
) {
  const [order] = await db
    .insert(s.orders)
    .values({
      organisationId,
      hash: secretToken(),
      kind: 'PRODUCT',
      status,
      customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.test', fields: {} },
      rebookOfOrderId: rebookOf,
    })
    .returning();
  return order!;
}

/** A physical pass of a client subscription with `redemptions` left (-1 unlimited). */
export async function clientPass(
  db: Db,
  clientId: number,
  subscriptionId: number,
  redemptions: number,
  expiresAt = new Date('2027-01-01T00:00:00Z'),
) {
  const holding = await createClientSubscription(db, clientId, subscriptionId, {
    availableRedemptions: redemptions,
    expiresAt,
  });
  const [pass] = await db
    .insert(s.subscriptionPasses)
    .values({ clientSubscriptionId: holding.id, fullName: 'Noor de Vries', avatar: '/media/noor.jpg' })
    .returning();
  return { holding, pass: pass! };
}
