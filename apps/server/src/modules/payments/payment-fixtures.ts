/**
 * Test set-up shared by the payments tests: a shop with a dated audience
 * product, and orders placed through the real POST /api/orders.
 */
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import type * as s from '../../db/schema.ts';
import { createAudience, createPlot, createProduct } from '../../testing/fixtures.ts';

export const customer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} };

/** A product sold per audience on one dated slot: adults 15.00, children 7.00. */
export async function datedShow(
  db: Db,
  organisationId: number,
  capacity = 10,
  values: Partial<typeof s.products.$inferInsert> = {},
) {
  const product = await createProduct(db, organisationId, {
    priceType: 'AUDIENCE',
    hasDays: true,
    hasTimeslots: true,
    showEndTime: true,
    title: { en: 'Evening show', nl: 'Avondvoorstelling' },
    ...values,
  });
  const adult = await createAudience(db, {
    productId: product.id,
    priceCents: 1500,
    name: { en: 'Adult', nl: 'Volwassene' },
  });
  const child = await createAudience(db, {
    productId: product.id,
    priceCents: 700,
    name: { en: 'Child', nl: 'Kind' },
  });
  const plot = await createPlot(db, product.id, {
    date: '2026-06-10',
    startTime: '20:00',
    endTime: '22:00',
    capacity,
  });
  return { product, adult, child, plot };
}

export type Show = Awaited<ReturnType<typeof datedShow>>;

export interface PlacedOrder {
  order: { status: string; hash: string };
  payment: {
    gateway: string;
    type: string;
    hash: string;
    transaction: false | { response: Record<string, unknown> };
  } | null;
}

/** POST /api/orders for a show: `adults` and `children` tickets; answers the first cart item. */
export async function orderShow(
  app: App,
  show: Show,
  adults: number,
  children = 0,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<PlacedOrder> {
  const audiences: Record<string, { id: number; quantity: number }> = {
    [show.adult.id]: { id: show.adult.id, quantity: adults },
  };
  if (children > 0) audiences[show.child.id] = { id: show.child.id, quantity: children };
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      action: 'pay',
      customer,
      orders: [{ product: { id: show.product.id, plot: show.plot.id }, audiences }],
      ...extra,
    },
  });
  if (response.statusCode !== 200) throw new Error(`order failed: ${response.body}`);
  return response.json().response.orders[0] as PlacedOrder;
}

/** Posts one of the test page's buttons, the way the browser's form does. */
export function pressTestPage(app: App, paymentHash: string, action: 'pay' | 'fail' | 'cancel') {
  return app.inject({
    method: 'POST',
    url: `/pay/test/${paymentHash}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
}

/** Pages in a PDF: pdfkit writes one /Type /Page object per page. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
