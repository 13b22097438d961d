/**
 * Every GET route of the OpenAPI document (/api/docs/json) against what it
 * really answers: each answer's status is declared, and its body matches the
 * declared schema (JSON Schema 2020-12, OpenAPI 3.1). Requests cover the
 * found, the not found and the not allowed, on the demo shop with orders,
 * a reservation, a client and a staff member made through the real routes.
 * A GET route added without a case here fails the first test.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as s from './db/schema.ts';
import { datedShow, pressTestPage } from './modules/payments/payment-fixtures.ts';
import { guest, reservedHash } from './modules/reservations/reservation-fixtures.ts';
import { staffLogin } from './modules/staff/staff-fixtures.ts';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD, DEMO_VOUCHER_CODE } from './seed/demo-constants.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { rebookLinkPath } from './tickets/rebook-link.ts';
import { issueCreditNote } from './engine/documents/issue-credit-note.ts';
import { createTestApp } from './testing/test-app.ts';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

const t = await createTestApp();
afterAll(() => t.close());
await seedIfEmpty(t.db);
const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
const [organisation] = await t.db.select().from(s.organisations);
const organisationId = organisation!.id;

const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T>();
const home = await get<HomeProducts>('/api/home/products');
const categories = await get<{ id: number }[]>('/api/categories');
const product = home.products.find((item) => item.slug === 'flex-ticket')!;
const datedProduct = home.products.find((item) => item.slug !== 'flex-ticket')!;
const subscription = home.subscriptions[0]!;
const voucher = home.vouchers[0]!;
const shopFields = (await get<{ fields: Record<string, { id: number; type: string }> }>('/api/organisation'))
  .fields;
const confirmField = Object.values(shopFields).find((field) => field.type === 'EMAIL_CONFIRM')!;
const customer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  fields: { [confirmField.id]: 'ada@example.test' },
};

/** A paid order of one flex ticket (a plain quantity on its open plot): its hash. */
async function paidFlexTicket(buyer: Record<string, unknown> = customer) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: buyer, orders: [{ product: { id: product.id, quantity: 1 } }] },
  });
  if (placed.statusCode !== 200) throw new Error(`order: ${placed.body}`);
  const answer = placed.json().response.orders[0];
  await pressTestPage(t.app, answer.payment.hash, 'pay');
  return answer.order.hash as string;
}

/** A paid voucher order: its hash. */
async function paidVoucherOrder() {
  const detail = await get<{ values: { id: number }[] }>(`/api/vouchers/${voucher.id}`);
  const value = detail.values[0]!;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/vouchers',
    payload: { customer, voucher: { id: voucher.id, quantity: 1 }, values: [{ id: value.id, quantity: 1 }] },
  });
  if (placed.statusCode !== 200) throw new Error(`voucher order: ${placed.body}`);
  const answer = placed.json().response;
  await pressTestPage(t.app, answer.payment.hash, 'pay');
  return answer.order.hash as string;
}

const orderHash = await paidFlexTicket();
// One of its tickets taken back: a credit note to download (decision 0242).
const creditNote = await t.db.transaction(async (tx) => {
  const [order] = await tx.select().from(s.orders).where(eq(s.orders.hash, orderHash));
  const [line] = await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, order!.id));
  return issueCreditNote(tx, {
    organisationId: order!.organisationId,
    orderId: order!.id,
    refundId: null,
    lines: [{ orderLineId: line!.id, quantity: 1, grossCents: line!.unitPriceCents }],
    issuedAt: new Date(),
  });
});
const voucherOrderHash = await paidVoucherOrder();
// A company's paid order, with a credit note: its e-invoices (decision 0244).
const companyOrderHash = await paidFlexTicket({
  ...customer,
  company: 'Analytical Engines BV',
  vat_id: 'NL987654321B01',
});
const companyCreditNote = await t.db.transaction(async (tx) => {
  const [order] = await tx.select().from(s.orders).where(eq(s.orders.hash, companyOrderHash));
  const [line] = await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, order!.id));
  return issueCreditNote(tx, {
    organisationId: order!.organisationId,
    orderId: order!.id,
    refundId: null,
    lines: [{ orderLineId: line!.id, quantity: 1, grossCents: line!.unitPriceCents }],
    issuedAt: new Date(),
  });
});
const [paidOrder] = await t.db.select().from(s.orders).where(eq(s.orders.hash, orderHash));
const [voucherOrder] = await t.db.select().from(s.orders).where(eq(s.orders.hash, voucherOrderHash));
const voucherOrderNumber = voucherOrder!.reference;
const rebookPath = await rebookLinkPath(t.db, paidOrder!.id, new Date());
const show = await datedShow(t.db, organisationId, 20, { allowReservations: true });
// The show's plot ten days from now, so it can be reserved.
const showDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
await t.db.update(s.plots).set({ date: showDate }).where(eq(s.plots.id, show.plot.id));
// An open waiting-list offer on the show (decision 0261), as offerFreedPlaces writes it.
const offerToken = 'o'.repeat(43);
await t.db.insert(s.waitlistEntries).values({
  organisationId,
  plotId: show.plot.id,
  email: 'waiting@example.test',
  language: 'en',
  quantity: 1,
  status: 'OFFERED',
  token: offerToken,
  offeredAt: new Date(),
  offerExpiresAt: new Date(Date.now() + 3_600_000),
});
const reservation = await reservedHash(t.app, show, 1, 0, {
  customer: { ...guest, fields: { [confirmField.id]: guest.email } },
});
const clientLogin = (
  await t.app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { email: DEMO_CLIENT_EMAIL, password: DEMO_CLIENT_PASSWORD },
  })
).json<{ id: number; token: string }>();
const client = { authorization: `Bearer ${clientLogin.token}` };
const staff = (await staffLogin(t.app, t.db, organisationId)).headers;
const manager = (await staffLogin(t.app, t.db, organisationId, 'Max Manager', 'manager')).headers;
// An audit entry with before and after for the log's answer.
const desk = await t.app.inject({
  method: 'POST',
  url: '/api/staff/accounts',
  headers: manager,
  payload: { email: 'desk@example.test', name: 'Dee Desk', role: 'door' },
});
await t.app.inject({
  method: 'PATCH',
  url: `/api/staff/accounts/${desk.json<{ id: number }>().id}`,
  headers: manager,
  payload: { role: 'box-office' },
});

// A show in rush mode, open now, with one visitor queued: a real queue token (decision 0265).
const rushShow = await datedShow(t.db, organisationId, 20, {
  rush: {
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    preQueueMinutes: 15,
    admitPerMinute: 1,
    passMinutes: 10,
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
  },
});
const queued = await t.app.inject({
  method: 'POST',
  url: '/api/waiting-room/join',
  payload: { productId: rushShow.product.id },
});
const queueToken = encodeURIComponent(queued.json<{ response: { token: string } }>().response.token);

/** Per GET path of the document: the requests whose answers are checked (url, headers). */
const cases: Record<string, [string, Record<string, string>?][]> = {
  '/api/categories': [['/api/categories'], ['/api/categories?language=nl']],
  '/api/categories/{id}': [
    [`/api/categories/${categories[0]!.id}`],
    ['/api/categories/999999'],
    ['/api/categories/x'],
  ],
  '/api/home/products': [['/api/home/products'], ['/api/home/products', client]],
  '/api/products/{id}': [[`/api/products/${product.id}`], ['/api/products/999999']],
  '/api/products/{id}/rush': [
    [`/api/products/${product.id}/rush`],
    [`/api/products/${rushShow.product.id}/rush`],
    ['/api/products/x/rush'],
  ],
  '/api/waiting-room/status': [
    [`/api/waiting-room/status?token=${queueToken}`],
    ['/api/waiting-room/status?token=not.valid'],
    ['/api/waiting-room/status'],
  ],
  '/api/products/{id}/upsells': [[`/api/products/${product.id}/upsells`], ['/api/products/999999/upsells']],
  '/api/products/{id}/plots': [
    [`/api/products/${datedProduct.id}/plots`],
    [`/api/products/${show.product.id}/plots?filterFrom=${showDate}&filterUntil=${showDate}`],
    ['/api/products/999999/plots'],
    [`/api/products/${product.id}/plots?filterFrom=tomorrow`],
  ],
  '/api/subscriptions/{id}': [[`/api/subscriptions/${subscription.id}`], ['/api/subscriptions/999999']],
  '/api/subscriptions/{id}/upsells': [
    [`/api/subscriptions/${subscription.id}/upsells`],
    ['/api/subscriptions/999999/upsells'],
  ],
  '/api/vouchers/{id}': [[`/api/vouchers/${voucher.id}`], ['/api/vouchers/999999']],
  '/api/organisation': [['/api/organisation'], ['/api/organisation?language=de']],
  '/api/client': [['/api/client', client], ['/api/client']],
  '/api/client/account': [['/api/client/account', client], ['/api/client/account']],
  '/api/groups/{clientId}': [[`/api/groups/${clientLogin.id}`, client], [`/api/groups/${clientLogin.id}`]],
  '/api/faq': [['/api/faq']],
  '/api/voucher/check/{code}': [
    [`/api/voucher/check/${DEMO_VOUCHER_CODE}`],
    ['/api/voucher/check/NOT-A-CODE-AT-ALL'],
  ],
  '/api/rebook/secret/{secret}/{order}': [
    [`/api/rebook/secret/${rebookPath?.split('/')[2]?.split('?')[0]}/${paidOrder!.reference}`],
    ['/api/rebook/secret/wrong-secret/wrong-order'],
  ],
  '/api/reservation/{hash}': [[`/api/reservation/${reservation}`], ['/api/reservation/unknown']],
  '/api/captcha/challenge': [['/api/captcha/challenge']],
  '/api/payment/{hash}': [[`/api/payment/${reservation}`], ['/api/payment/unknown']],
  '/api/orders/{hash}/status': [[`/api/orders/${orderHash}/status`], ['/api/orders/unknown/status']],
  '/api/orders/{hash}/cancellation': [
    [`/api/orders/${orderHash}/cancellation`],
    ['/api/orders/unknown/cancellation'],
    [`/api/orders/${voucherOrderHash}/cancellation`],
    [`/api/orders/${orderHash}/cancellation?tickets=nope`],
  ],
  '/api/orders/{hash}/tickets.pdf': [
    [`/api/orders/${orderHash}/tickets.pdf`],
    ['/api/orders/unknown/tickets.pdf'],
    [`/api/orders/${voucherOrderHash}/tickets.pdf`],
  ],
  '/api/orders/{hash}/calendar.ics': [
    [`/api/orders/${orderHash}/calendar.ics`],
    ['/api/orders/unknown/calendar.ics'],
    [`/api/orders/${voucherOrderHash}/calendar.ics`],
  ],
  '/api/orders/{hash}/gift-cards.pdf': [
    [`/api/orders/${voucherOrderHash}/gift-cards.pdf`],
    ['/api/orders/unknown/gift-cards.pdf'],
    [`/api/orders/${orderHash}/gift-cards.pdf`],
  ],
  '/api/orders/{hash}/receipt.pdf': [
    [`/api/orders/${orderHash}/receipt.pdf`],
    ['/api/orders/unknown/receipt.pdf'],
    [`/api/orders/${reservation}/receipt.pdf`],
  ],
  '/api/orders/{hash}/invoice.pdf': [
    [`/api/orders/${orderHash}/invoice.pdf`],
    ['/api/orders/unknown/invoice.pdf'],
    [`/api/orders/${reservation}/invoice.pdf`],
  ],
  '/api/orders/{hash}/invoice.xml': [
    [`/api/orders/${companyOrderHash}/invoice.xml`],
    [`/api/orders/${orderHash}/invoice.xml`],
    ['/api/orders/unknown/invoice.xml'],
    [`/api/orders/${reservation}/invoice.xml`],
  ],
  '/api/orders/{hash}/credit-notes/{number}.xml': [
    [`/api/orders/${companyOrderHash}/credit-notes/${companyCreditNote!.number}.xml`],
    [`/api/orders/${orderHash}/credit-notes/${creditNote!.number}.xml`],
    [`/api/orders/${companyOrderHash}/credit-notes/CN-2026-99999.xml`],
  ],
  '/api/orders/{hash}/credit-notes/{number}.pdf': [
    [`/api/orders/${orderHash}/credit-notes/${creditNote!.number}.pdf`],
    [`/api/orders/${orderHash}/credit-notes/CN-2026-99999.pdf`],
    ['/api/orders/unknown/credit-notes/CN-2026-00001.pdf'],
  ],
  '/api/orders/{hash}/passes.pdf': [
    ['/api/orders/unknown/passes.pdf'],
    [`/api/orders/${orderHash}/passes.pdf`],
  ],
  '/api/staff/me': [['/api/staff/me', staff], ['/api/staff/me'], ['/api/staff/me', client]],
  '/api/staff/offline-list': [['/api/staff/offline-list', staff], ['/api/staff/offline-list']],
  '/api/staff/today': [['/api/staff/today', staff], ['/api/staff/today']],
  '/api/staff/today/orders': [
    [`/api/staff/today/orders?q=${paidOrder!.reference}`, staff],
    ['/api/staff/today/orders?q=ada', staff],
    ['/api/staff/today/orders?q=ada'],
  ],
  '/api/staff/requests': [
    ['/api/staff/requests?status=open', manager],
    ['/api/staff/requests', manager],
    ['/api/staff/requests?status=bogus', manager],
    ['/api/staff/requests', staff],
    ['/api/staff/requests'],
  ],
  '/api/staff/orders': [
    [`/api/staff/orders?q=${paidOrder!.reference}`, manager],
    ['/api/staff/orders?q=ada&visit=2026-07-01&status=PAID&page=2', manager],
    ['/api/staff/orders?visit=2026-02-30', manager],
    ['/api/staff/orders?q=ada', staff],
    ['/api/staff/orders?q=ada'],
  ],
  '/api/staff/orders/{number}': [
    [`/api/staff/orders/${paidOrder!.reference}`, manager],
    [`/api/staff/orders/${voucherOrderNumber}`, manager],
    ['/api/staff/orders/48210937563', manager],
    [`/api/staff/orders/${paidOrder!.reference}`, staff],
    [`/api/staff/orders/${paidOrder!.reference}`],
  ],
  '/api/staff/orders/{number}/move/plots': [
    [`/api/staff/orders/${paidOrder!.reference}/move/plots`, manager],
    [`/api/staff/orders/${voucherOrderNumber}/move/plots`, manager],
    ['/api/staff/orders/48210937563/move/plots', manager],
    [`/api/staff/orders/${paidOrder!.reference}/move/plots`, staff],
    [`/api/staff/orders/${paidOrder!.reference}/move/plots`],
  ],
  '/api/staff/plots/{id}/attendees': [
    [`/api/staff/plots/${show.plot.id}/attendees`, staff],
    [`/api/staff/plots/${show.plot.id}/attendees?format=csv`, staff],
    ['/api/staff/plots/999999/attendees', staff],
    [`/api/staff/plots/${show.plot.id}/attendees`],
  ],
  '/api/withdrawal/{hash}': [
    [`/api/withdrawal/${voucherOrderHash}`],
    [`/api/withdrawal/${'w'.repeat(43)}`],
    ['/api/withdrawal/short'],
  ],
  '/api/waitlist/offers/{token}': [
    [`/api/waitlist/offers/${offerToken}`],
    [`/api/waitlist/offers/${'u'.repeat(43)}`],
    ['/api/waitlist/offers/short'],
  ],
  '/api/staff/plots/{id}/waitlist': [
    [`/api/staff/plots/${show.plot.id}/waitlist`, manager],
    ['/api/staff/plots/999999/waitlist', manager],
    [`/api/staff/plots/${show.plot.id}/waitlist`, staff],
    [`/api/staff/plots/${show.plot.id}/waitlist`],
  ],
  '/api/staff/accounts': [
    ['/api/staff/accounts', manager],
    ['/api/staff/accounts', staff],
    ['/api/staff/accounts'],
  ],
  '/api/staff/audit': [
    ['/api/staff/audit', manager],
    [`/api/staff/audit?order=${paidOrder!.reference}&from=2026-01-01&page=2`, manager],
    ['/api/staff/audit?order=12345', manager],
    ['/api/staff/audit', staff],
    ['/api/staff/audit'],
  ],
  '/api/staff/reports/sales': [
    ['/api/staff/reports/sales?from=2026-01-01&to=2026-12-31&by=day', manager],
    ['/api/staff/reports/sales?from=2026-01-01&to=2026-12-31&by=audience', manager],
    ['/api/staff/reports/sales?from=2026-01-01&to=2026-12-31&by=channel', manager],
    ['/api/staff/reports/sales?from=2026-12-31&to=2026-01-01', manager],
    ['/api/staff/reports/sales?from=2026-01-01&to=2026-01-31', staff],
    ['/api/staff/reports/sales?from=2026-01-01&to=2026-01-31'],
  ],
  '/api/staff/reports/occupancy': [
    ['/api/staff/reports/occupancy?from=2026-01-01&to=2026-12-31', manager],
    ['/api/staff/reports/occupancy?from=2026-02-30&to=2026-03-01', manager],
    ['/api/staff/reports/occupancy?from=2026-01-01&to=2026-01-31', staff],
    ['/api/staff/reports/occupancy?from=2026-01-01&to=2026-01-31'],
  ],
  '/api/staff/reports/today': [
    ['/api/staff/reports/today', manager],
    ['/api/staff/reports/today', staff],
    ['/api/staff/reports/today'],
  ],
  '/api/staff/reports/gift-cards': [
    ['/api/staff/reports/gift-cards', manager],
    ['/api/staff/reports/gift-cards', staff],
    ['/api/staff/reports/gift-cards'],
  ],
  '/api/staff/reports/no-shows': [
    ['/api/staff/reports/no-shows?from=2026-01-01&to=2026-12-31', manager],
    ['/api/staff/reports/no-shows?from=2026-01-01', manager],
    ['/api/staff/reports/no-shows?from=2026-01-01&to=2026-01-31', staff],
  ],
  '/api/staff/reports/refunds': [
    ['/api/staff/reports/refunds?from=2026-01-01&to=2026-12-31', manager],
    ['/api/staff/reports/refunds?from=2026-01-01&to=2027-12-31', manager],
    ['/api/staff/reports/refunds?from=2026-01-01&to=2026-01-31', staff],
  ],
  '/api/client/subscription/{hash}': [
    ['/api/client/subscription/unknown', client],
    ['/api/client/subscription/unknown'],
  ],
};

/** 2xx answers a route may not show here, and why. */
const noSuccessCase: Record<string, string> = {
  '/api/client/subscription/{hash}':
    'a renewal needs a subscription bought by the client; subscription-orders.test.ts has it',
  '/api/orders/{hash}/passes.pdf': 'a paid subscription order; receipts-every-kind.test.ts downloads one',
  '/api/orders/{hash}/calendar.ics':
    'a paid order for a dated visit; tickets/order-calendar.test.ts downloads one',
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'openapi', components: doc.components ?? {} });

function schemaErrors(schema: object, body: unknown): string | undefined {
  // $refs of the document point at #/components/…: resolved against the document's components.
  const rooted = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'),
  ) as object;
  const validate = ajv.compile(rooted);
  return validate(body) ? undefined : ajv.errorsText(validate.errors);
}

const getPaths = Object.entries(doc.paths)
  .filter(([, operations]) => operations.get)
  .map(([path]) => path);

describe('what every GET route answers, against the OpenAPI document', () => {
  it('has cases for every GET route of the document', () => {
    expect(getPaths.length).toBeGreaterThan(20);
    expect(getPaths.filter((path) => !cases[path])).toEqual([]);
  });

  it.each(getPaths)(
    'GET %s answers only declared statuses, with bodies of the declared schemas',
    async (path) => {
      const operation = doc.paths[path]!.get!;
      const statuses: number[] = [];
      for (const [url, headers] of cases[path] ?? []) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        statuses.push(response.statusCode);
        const where = `GET ${url} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
        const declared = operation.responses[String(response.statusCode)];
        expect(declared, where).toBeDefined();
        const type = String(response.headers['content-type'] ?? '').split(';')[0]!;
        const content = declared?.content?.[type];
        expect(content, `${where} (content type ${type} not declared)`).toBeDefined();
        if (type === 'application/json')
          expect(schemaErrors(content!.schema ?? {}, response.json()), where).toBeUndefined();
      }
      if (!noSuccessCase[path])
        expect(
          statuses.some((status) => status < 300),
          `${path}: ${statuses}`,
        ).toBe(true);
    },
  );
});
