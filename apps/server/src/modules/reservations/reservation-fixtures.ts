/**
 * Test set-up shared by the reservation tests: a shop with a reservable
 * dated audience show, and reservations made through the real POST /api/orders.
 */
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { datedShow, type Show } from '../payments/payment-fixtures.ts';

export const guest = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test', fields: {} };

export async function reservableShop(db: Db, values: Parameters<typeof createOrganisation>[1] = {}) {
  const organisation = await createOrganisation(db, { name: 'Theatre Kassa', reservationDays: 7, ...values });
  const show = await datedShow(db, organisation.id, 20, { allowReservations: true });
  return { organisation, show };
}

/** Reserves adults (and children) of the show; answers the response (not checked). */
export function reserve(
  app: App,
  show: Show,
  adults: number,
  children = 0,
  extra: Record<string, unknown> = {},
) {
  const audiences: Record<string, { id: number; quantity: number }> = {
    [show.adult.id]: { id: show.adult.id, quantity: adults },
  };
  if (children > 0) audiences[show.child.id] = { id: show.child.id, quantity: children };
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      action: 'reserve',
      customer: guest,
      orders: [{ product: { id: show.product.id, plot: show.plot.id }, audiences }],
      ...extra,
    },
  });
}

/** Reserves and answers the reservation hash. */
export async function reservedHash(app: App, show: Show, adults: number, children = 0, extra = {}) {
  const response = await reserve(app, show, adults, children, extra);
  if (response.statusCode !== 200) throw new Error(`reservation failed: ${response.body}`);
  const answer = response.json().response.orders[0];
  if (answer.order.status !== 'RESERVED') throw new Error(`not reserved: ${response.body}`);
  return answer.order.hash as string;
}
