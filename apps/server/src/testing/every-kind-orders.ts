/**
 * One order of each kind — product, voucher, subscription, renewal,
 * reservation — placed and paid (the reservation only reserved, then handed
 * off to pay) through the real routes of a Stripe shop, with everything a
 * person or an outside system reads of it collected: the API answers, the
 * gateway's requests, the mails and the PDFs (as text). For the tests that
 * the receipt is one and the same everywhere and that no internal id leaks.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../mail/recording-mailer.ts';
import type { MailMessage } from '../mail/mail-message.ts';
import { createAddition, createClientSubscription, linkUpsell } from '../modules/orders/order-fixtures.ts';
import { datedShow } from '../modules/payments/payment-fixtures.ts';
import {
  postStripeEvent,
  sessionEvent,
  stripeEnv,
  STRIPE_SECRET_KEY,
} from '../modules/payments/stripe-fixtures.ts';
import { startFakeStripe, type FakeStripe } from '../payments/fakes/fake-stripe.ts';
import {
  createAudience,
  createClient,
  createCoupon,
  createOrganisation,
  createSubscription,
  createUpsell,
  createVoucher,
  createVoucherValue,
} from './fixtures.ts';
import { pdfText } from './pdf-text.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const ORDER_KINDS_SEEN = ['product', 'voucher', 'subscription', 'renewal', 'reservation'] as const;
export type KindSeen = (typeof ORDER_KINDS_SEEN)[number];

/** What one order showed the world. */
export interface SeenOrder {
  order: typeof s.orders.$inferSelect;
  /** Every JSON answer about it (placing, status, reservation), as text. */
  answers: string[];
  /** What the gateway was sent to create its payment. */
  gatewayRequests: string[];
  mails: MailMessage[];
  /** The text of each PDF: downloads and mail attachments. */
  pdfs: string[];
}

export interface EveryKind {
  test: TestApp;
  fake: FakeStripe;
  mailer: RecordingMailer;
  seen: Record<KindSeen, SeenOrder>;
  close(): Promise<void>;
}

const NOW = new Date('2026-06-01T10:00:00Z');

async function orderRow(db: Db, hash: string) {
  const [row] = await db.select().from(s.orders).where(eq(s.orders.hash, hash));
  if (!row) throw new Error(`no order ${hash}`);
  return row;
}

/** Places one order of each kind in `language` on a fresh Stripe shop and collects what each showed. */
export async function placeEveryKind(language = 'en'): Promise<EveryKind> {
  const fake = await startFakeStripe(STRIPE_SECRET_KEY);
  const mailer = createRecordingMailer();
  const test = await createTestApp(
    { ...stripeEnv(fake.url), PUBLIC_URL: 'https://shop.example' },
    { now: () => NOW, mailer },
  );
  const { app, db } = test;
  // Internal ids far from anything else on a receipt, so a leak cannot hide among amounts or dates.
  await db.execute(sql`select setval('orders_id_seq', 7340190)`);
  const organisation = await createOrganisation(db, {
    name: 'Museum Kassa',
    paymentGateway: 'stripe',
    email: 'info@museum.example',
    dateFormat: 'DD-MM-YYYY',
  });
  await createAddition(db, organisation.id, {
    name: {
      en: 'Booking fee',
      nl: 'Boekingskosten',
      de: 'Buchungsgebühr',
      fr: 'Frais de réservation',
      es: 'Gastos de reserva',
    },
    amountCents: 95,
    type: 0,
  });
  await createAddition(db, organisation.id, { name: { en: 'Rebooking fee' }, amountCents: 250, type: 1 });
  const show = await datedShow(db, organisation.id, 50, { allowReservations: true });
  await db.update(s.organisations).set({ reservationDays: 7 }).where(eq(s.organisations.id, organisation.id));
  const parking = await createUpsell(db, organisation.id, { title: { en: 'Parking' }, priceCents: 800 });
  await linkUpsell(db, show.product.id, parking.id);
  const coupon = await createCoupon(db, organisation.id, { code: 'TENOFF', kind: 'PERCENTAGE', value: 1000 });
  const voucher = await createVoucher(db, organisation.id, {
    minQuantity: 1,
    maxQuantity: 5,
    validityDays: 365,
  });
  const value = await createVoucherValue(db, voucher.id, { priceCents: 2500, creditCents: 2500 });
  const yearPass = await createSubscription(db, organisation.id, {
    type: 'PHYSICAL',
    title: { en: 'Museum year pass', de: 'Museums-Jahreskarte', nl: 'Museumjaarkaart' },
    priceCents: 0,
    redemptions: -1,
    validityDays: 365,
  });
  const adult = await createAudience(db, {
    subscriptionId: yearPass.id,
    priceCents: 5900,
    name: { en: 'Adult', de: 'Erwachsene', nl: 'Volwassene' },
  });

  const seen = {} as Record<KindSeen, SeenOrder>;
  let gatewayFrom = 0;
  async function collect(kind: KindSeen, placed: string, hash: string, pay: boolean) {
    const answer = JSON.parse(placed).response;
    const payment = answer.payment ?? answer.orders?.[0]?.payment;
    if (pay && payment) {
      const sessionId = (payment.transaction.response as { sessionId: string }).sessionId;
      const paid = await postStripeEvent(
        app,
        sessionEvent('checkout.session.completed', `evt_${sessionId}`, sessionId, payment.hash),
      );
      if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
    }
    const status = await app.inject({ url: `/api/orders/${hash}/status?language=${language}` });
    const gatewayRequests = fake.requests.slice(gatewayFrom).map((request) => JSON.stringify(request.body));
    gatewayFrom = fake.requests.length;
    const receipt = status.json().response;
    const pdfs: string[] = [];
    for (const url of [receipt.ticketsUrl, receipt.giftCardsUrl, receipt.passesUrl, receipt.receiptUrl]) {
      if (!url) continue;
      const download = await app.inject({ url });
      if (download.statusCode === 200) pdfs.push(pdfText(download.rawPayload).join('\n'));
    }
    seen[kind] = {
      order: await orderRow(db, hash),
      answers: [placed, status.body],
      gatewayRequests,
      mails: [],
      pdfs,
    };
  }
  const customer = (email: string) => ({ first_name: 'Ada', last_name: 'Lovelace', email, fields: {} });

  const product = await app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      action: 'pay',
      language,
      coupon: [coupon.code],
      customer: customer('product@example.test'),
      orders: [
        {
          product: { id: show.product.id, plot: show.plot.id },
          audiences: { [show.adult.id]: { id: show.adult.id, quantity: 2 } },
          upsells: { [parking.id]: { id: parking.id, quantity: 1 } },
        },
      ],
    },
  });
  await collect('product', product.body, product.json().response.orders[0].order.hash, true);

  const gift = await app.inject({
    method: 'POST',
    url: '/api/vouchers',
    payload: {
      language,
      customer: customer('voucher@example.test'),
      voucher: { id: voucher.id },
      values: [{ id: value.id, quantity: 1 }],
    },
  });
  await collect('voucher', gift.body, gift.json().response.order.hash, true);

  const bought = await app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    payload: {
      language,
      subscription: { id: yearPass.id },
      customer: { ...customer('pass@example.test'), password: 'pass-word-123' },
      audiences: { [adult.id]: { id: adult.id, quantity: 1 } },
    },
  });
  await collect('subscription', bought.body, bought.json().response.order.hash, true);

  const holder = await createClient(db, organisation.id, { email: 'renewal@example.test' });
  const holding = await createClientSubscription(db, holder.id, yearPass.id, {
    expiresAt: new Date('2026-06-20T00:00:00Z'),
    availableRedemptions: -1,
  });
  const [pass] = await db
    .insert(s.subscriptionPasses)
    .values({ clientSubscriptionId: holding.id, audienceId: adult.id, fullName: 'Ada Lovelace' })
    .returning();
  const renewed = await app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    payload: {
      language,
      subscription: { id: yearPass.id },
      customer: { ...customer(holder.email), token: holder.token },
      renewal: holding.renewalHash,
      passes: [pass!.id],
    },
  });
  await collect('renewal', renewed.body, renewed.json().response.order.hash, true);
  // My account lists the holder's orders: the renewal among them.
  const mine = await app.inject({
    url: `/api/client/account?language=${language}`,
    headers: { authorization: `Bearer ${holder.token}` },
  });
  seen.renewal.answers.push(mine.body);

  const reserved = await app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      action: 'reserve',
      language,
      customer: customer('reservation@example.test'),
      orders: [
        {
          product: { id: show.product.id, plot: show.plot.id },
          audiences: { [show.adult.id]: { id: show.adult.id, quantity: 1 } },
        },
      ],
    },
  });
  const reservationHash = reserved.json().response.orders[0].order.hash as string;
  const shown = await app.inject({ url: `/api/reservation/${reservationHash}?language=${language}` });
  const handOff = await app.inject({ url: `/api/payment/${reservationHash}` });
  const [held] = await db
    .select({ hash: s.orders.hash })
    .from(s.reservations)
    .innerJoin(s.orders, eq(s.orders.id, s.reservations.orderId))
    .where(eq(s.reservations.hash, reservationHash));
  await collect('reservation', reserved.body, held!.hash, false);
  seen.reservation.answers.push(shown.body, handOff.body);

  await test.deliverMail();
  for (const kind of ORDER_KINDS_SEEN) {
    const email = seen[kind].order.customer.email.toLowerCase();
    seen[kind].mails = mailer.sent.filter(
      (mail) => (typeof mail.to === 'string' ? mail.to : mail.to.address).toLowerCase() === email,
    );
    for (const mail of seen[kind].mails)
      for (const attachment of mail.attachments ?? [])
        if (attachment.contentType === 'application/pdf')
          seen[kind].pdfs.push(pdfText(attachment.content as Buffer).join('\n'));
  }
  return {
    test,
    fake,
    mailer,
    seen,
    async close() {
      await test.close();
      await fake.close();
    },
  };
}
