import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  orderByHash,
  paidOrder,
  pay,
  postOrder,
  rebookingShop,
  SHOP_SECRET,
  slotProduct,
  START,
  validate,
  type SlotProduct,
} from './rebook-fixtures.ts';

/**
 * The tickets mail offers "Change your booking" only where a change is
 * possible, and a refused change says why, by its own code (decision 0187).
 */
describe('a booking change offered only where it is possible', () => {
  let test: TestApp;
  let mailer: RecordingMailer;
  let clock = START;
  let shop: SlotProduct;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { now: () => clock, mailer });
    const organisation = await rebookingShop(test.db);
    shop = await slotProduct(test.db, organisation.id, 100);
  });
  afterAll(() => test.close());

  async function ticketsMailOf(reference: string) {
    mailer.sent.length = 0;
    await test.deliverMail();
    return mailer.sent.find((mail) => mail.text.includes(reference.slice(0, 4)) && mail.attachments?.length);
  }

  it("offers the change in a one-item order's mail, with the order's language on the link", async () => {
    clock = START;
    const response = await postOrder(test.app, {
      orders: [{ product: { id: shop.product.id, plot: shop.plot.id, quantity: 1 }, language: 'nl' }],
    });
    const placed = response.json().response.orders[0];
    await pay(test.app, placed.payment.hash);
    const order = await orderByHash(test.db, placed.order.hash);
    const mail = await ticketsMailOf(order.reference);
    expect(mail?.text).toMatch(/\/rebook\/[^\s]+&lang=nl/);
  });

  it('does not offer it for an order of two items, which cannot be changed', async () => {
    clock = START;
    const response = await postOrder(test.app, {
      orders: [
        { product: { id: shop.product.id, plot: shop.plot.id, quantity: 1 } },
        { product: { id: shop.product.id, plot: shop.same.id, quantity: 1 } },
      ],
    });
    const placed = response.json().response.orders[0];
    await pay(test.app, placed.payment.hash);
    const order = await orderByHash(test.db, placed.order.hash);
    const mail = await ticketsMailOf(order.reference);
    expect(mail).toBeDefined();
    expect(mail!.text).not.toContain('/rebook/');
  });

  it('says why a change is refused: the time has begun, several items, not paid', async () => {
    clock = START;
    const paid = await paidOrder(test.app, test.db, shop.product.id, shop.plot.id, 1);
    clock = new Date('2026-06-10T09:00:00Z'); // 11:00 in Amsterdam: the 10:00 slot has begun.
    const started = await validate(test.app, {
      order: { id: paid.reference, email: 'ada@example.test' },
      secret: SHOP_SECRET,
    });
    expect(started.statusCode).toBe(400);
    expect(started.json().error.code).toBe('REBOOK_STARTED');

    clock = START;
    const two = await postOrder(test.app, {
      orders: [
        { product: { id: shop.product.id, plot: shop.plot.id, quantity: 1 } },
        { product: { id: shop.product.id, plot: shop.same.id, quantity: 1 } },
      ],
    });
    await pay(test.app, two.json().response.orders[0].payment.hash);
    const several = await orderByHash(test.db, two.json().response.orders[0].order.hash);
    const refused = await validate(
      test.app,
      { order: { id: several.reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
      '198.51.100.2',
    );
    expect(refused.json().error.code).toBe('REBOOK_SEVERAL_ITEMS');

    const unpaid = await postOrder(test.app, {
      orders: [{ product: { id: shop.product.id, plot: shop.plot.id, quantity: 1 } }],
    });
    const pending = await orderByHash(test.db, unpaid.json().response.orders[0].order.hash);
    expect(pending.status).toBe<s.OrderStatus>('PENDING');
    const notPaid = await validate(
      test.app,
      { order: { id: pending.reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
      '198.51.100.3',
    );
    expect(notPaid.json().error.code).toBe('REBOOK_NOT_PAID');
  });
});
