import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../../db/schema.ts';
import { sweepExpiredOrders } from '../../engine/expiry/sweep-expired-orders.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { PLACES_FREED_LISTENERS } from '../../wiring/places-freed.ts';
import { customer, datedShow, orderShow, pressTestPage, type Show } from '../payments/payment-fixtures.ts';
import { staffLogin } from '../staff/staff-fixtures.ts';

describe('the waiting list of a full slot (decision 0252)', () => {
  let test: TestApp;
  let mailer: RecordingMailer;
  let show: Show;
  let organisationId: number;
  let clock = new Date('2026-06-01T10:00:00Z');
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { now: () => clock, mailer });
    const organisation = await createOrganisation(test.db, { name: 'Zoo Demo', holdMinutes: 30 });
    organisationId = organisation.id;
    show = await datedShow(test.db, organisationId, 3);
  });
  afterAll(() => test?.close());

  const join = (email: string, quantity: number, language = 'en') =>
    test.app.inject({
      method: 'POST',
      url: `/api/products/${show.product.id}/waitlist`,
      payload: { plotId: show.plot.id, quantity, email, language },
    });
  /** What the expiry sweeper does on its timer: expire unpaid orders, then the listeners wiring/ registers. */
  const sweep = async () => {
    const result = await sweepExpiredOrders(test.db, clock);
    for (const listener of PLACES_FREED_LISTENERS) await listener(test.db, result.plotIds, clock);
  };
  const entry = async (email: string) =>
    (await test.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email)))[0]!;

  it('takes names only for a slot without the places asked for, and never tells the place in line', async () => {
    expect((await join('early@example.test', 2)).json().error.code).toBe('PLOT_NOT_FULL');
    const unpaid = await orderShow(test.app, show, 3);
    expect(unpaid.order.status).toBe('PENDING');

    const first = await join('first@example.test', 2, 'nl');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ok: true,
      response: {
        entry: { plotId: show.plot.id, quantity: 2, email: 'first@example.test', status: 'WAITING' },
      },
    });
    expect(JSON.stringify(first.json())).not.toMatch(/position/);
    expect((await join('second@example.test', 2)).statusCode).toBe(200);
    expect((await join('third@example.test', 1)).statusCode).toBe(200);
    expect((await join('not-an-address', 1)).json().error.code).toBe('VALIDATION_ERROR');
    const wrong = await test.app.inject({
      method: 'POST',
      url: `/api/products/${show.product.id + 999}/waitlist`,
      payload: { plotId: show.plot.id, quantity: 1, email: 'x@example.test', language: 'en' },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('offers freed places to the next who fit, holds them, and mails a link that buys them', async () => {
    // The unpaid order's hold runs out: 3 places free, the first (2) and the third (1) fit, the second waits.
    later(31);
    await sweep();
    expect((await entry('first@example.test')).status).toBe('OFFERED');
    expect((await entry('second@example.test')).status).toBe('WAITING');
    expect((await entry('third@example.test')).status).toBe('OFFERED');
    // Offered again: nothing more, the places are held.
    await sweep();
    expect((await entry('second@example.test')).status).toBe('WAITING');

    await test.deliverMail();
    const offer = mailer.sent.find((mail) => mail.to === 'first@example.test')!;
    expect(offer.subject).toBe('Er zijn plaatsen vrijgekomen bij Zoo Demo');
    expect(offer.html).toContain('<html lang="nl"');
    const token = (await entry('first@example.test')).token!;
    expect(offer.text).toContain(
      `https://shop.example/product/${show.product.id}/${show.product.slug}?waitlist=${token}&lang=nl`,
    );

    // Held: the slot shows no places left, and nobody else gets them meanwhile.
    const shown = await test.app.inject({ method: 'GET', url: `/api/products/${show.product.id}/plots` });
    expect(shown.json().find((plot: { id: number }) => plot.id === show.plot.id).availability.amount).toBe(0);
    await expect(orderShow(test.app, show, 1)).rejects.toThrow(/NOT_ENOUGH_CAPACITY/);

    // The offer's link names the plot and the places; the plots it asks for count its own hold as free (decision 0261).
    const looked = await test.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` });
    expect(looked.json().response.offer).toMatchObject({
      productId: show.product.id,
      plotId: show.plot.id,
      quantity: 2,
    });
    const own = await test.app.inject({
      method: 'GET',
      url: `/api/products/${show.product.id}/plots?waitlist=${token}`,
    });
    expect(own.json().find((plot: { id: number }) => plot.id === show.plot.id).availability.amount).toBe(2);
    const unknown = await test.app.inject({ method: 'GET', url: `/api/waitlist/offers/${'x'.repeat(40)}` });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'WAITLIST_OFFER_NOT_FOUND']);

    // The link's order takes the places held for it, and is paid.
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer: { ...customer, email: 'first@example.test' },
        waitlist: token,
        orders: [
          {
            product: { id: show.product.id, plot: show.plot.id },
            audiences: { [show.adult.id]: { id: show.adult.id, quantity: 2 } },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const placed = response.json().response.orders[0];
    await pressTestPage(test.app, placed.payment.hash, 'pay');
    const claimed = await entry('first@example.test');
    expect(claimed.status).toBe('CLAIMED');
    expect(claimed.claimedOrderId).not.toBeNull();
    // The token is spent: using it again frees nothing.
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer,
        waitlist: token,
        orders: [
          {
            product: { id: show.product.id, plot: show.plot.id },
            audiences: { [show.adult.id]: { id: show.adult.id, quantity: 1 } },
          },
        ],
      },
    });
    // One use: a second order with the link is refused with its own code, and writes nothing (decision 0261).
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'WAITLIST_OFFER_USED']);
    const spent = await test.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` });
    expect(spent.json().error.code).toBe('WAITLIST_OFFER_USED');
    const usedPlots = await test.app.inject({
      method: 'GET',
      url: `/api/products/${show.product.id}/plots?waitlist=${token}`,
    });
    expect(usedPlots.json().find((plot: { id: number }) => plot.id === show.plot.id).availability.amount).toBe(0);
  });

  it('passes an unclaimed offer on when it lapses', async () => {
    // All three places are taken or held: the fourth waits behind the second.
    expect((await join('fourth@example.test', 1)).statusCode).toBe(200);
    // The third's offer (1 place) lapses after two hours: the second needs 2 and still waits, the fourth fits.
    later(121);
    await sweep();
    expect((await entry('third@example.test')).status).toBe('LAPSED');
    expect((await entry('second@example.test')).status).toBe('WAITING');
    expect((await entry('fourth@example.test')).status).toBe('OFFERED');
    const lapsed = (await entry('third@example.test')).token!;
    const late = await test.app.inject({ method: 'GET', url: `/api/waitlist/offers/${lapsed}` });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'WAITLIST_OFFER_LAPSED']);
  });

  it('shows staff the list in line order, to box office and managers', async () => {
    const boxOffice = await staffLogin(test.app, test.db, organisationId, 'Bo Office', 'box-office');
    const door = await staffLogin(test.app, test.db, organisationId, 'Di Door', 'door');
    const list = await test.app.inject({
      method: 'GET',
      url: `/api/staff/plots/${show.plot.id}/waitlist`,
      headers: boxOffice.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .entries.map((e: { email: string; status: string; position: number | null }) => [
          e.email,
          e.status,
          e.position,
        ]),
    ).toEqual([
      ['first@example.test', 'CLAIMED', null],
      ['second@example.test', 'WAITING', 1],
      ['third@example.test', 'LAPSED', null],
      ['fourth@example.test', 'OFFERED', null],
    ]);
    const refused = await test.app.inject({
      method: 'GET',
      url: `/api/staff/plots/${show.plot.id}/waitlist`,
      headers: door.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/staff/plots/${show.plot.id}/waitlist` })).statusCode,
    ).toBe(401);
  });
});
