import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema.ts';
import { orderShow } from '../modules/payments/payment-fixtures.ts';
import { ORDER_KINDS_SEEN, placeEveryKind, type EveryKind } from './every-kind-orders.ts';

/** The internal id as a number on its own (not part of a longer run of digits). */
function standalone(id: number): RegExp {
  return new RegExp(`(?<![0-9])${id}(?![0-9])`);
}

/**
 * Internal ids stay internal: only the public order reference appears where
 * a person or an outside system reads about an order (decision 0104).
 */
describe('no internal order id in any answer, mail, PDF or gateway request', () => {
  let every: EveryKind;
  beforeAll(async () => {
    every = await placeEveryKind('de');
  }, 60_000);
  afterAll(() => every.close());

  it.each(ORDER_KINDS_SEEN)('a %s order shows its public reference and never its id', (kind) => {
    const seen = every.seen[kind];
    expect(seen.order.id).toBeGreaterThan(7340190);
    const read = [...seen.answers, ...seen.gatewayRequests, ...seen.pdfs];
    for (const mail of seen.mails)
      read.push(mail.subject, mail.text, ...(mail.attachments ?? []).map((a) => a.filename));
    expect(read.length).toBeGreaterThan(2);
    for (const text of read) expect(text).not.toMatch(standalone(seen.order.id));
    // The mails name the order by its reference.
    expect(seen.mails.length).toBeGreaterThan(0);
    for (const mail of seen.mails) expect(mail.text).toContain(formatOrderReference(seen.order.reference));
  });

  it("tells Stripe the public reference (metadata and the line's name)", () => {
    const { order, gatewayRequests } = every.seen.product;
    const session = JSON.parse(gatewayRequests[0]!);
    expect(session.metadata.order_number).toBe(formatOrderReference(order.reference));
    expect(session.line_items[0].price_data.product_data.name).toContain(
      formatOrderReference(order.reference),
    );
  });

  it('the test payment page names the order by its reference', async () => {
    const { test } = every;
    await test.db.update(s.organisations).set({ paymentGateway: 'test' });
    const [show] = await test.db.select().from(s.products).limit(1);
    const [adult] = await test.db.select().from(s.audiences).where(eq(s.audiences.productId, show!.id));
    const [plot] = await test.db.select().from(s.plots).where(eq(s.plots.productId, show!.id));
    const placed = await orderShow(
      test.app,
      { product: show!, adult: adult!, child: adult!, plot: plot! },
      1,
    );
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    const page = await test.app.inject({ url: `/pay/test/${placed.payment!.hash}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(formatOrderReference(order!.reference));
    expect(page.body).not.toMatch(standalone(order!.id));
  });
});
