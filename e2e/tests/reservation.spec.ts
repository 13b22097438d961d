/**
 * Reservations in the browser (docs/storefront.md §2.17, decision 0130):
 * reserve → the confirmation mail's link → edit the details → a coupon → pay on
 * the test gateway → paid → tickets mail; and changing the date of a
 * reservation through the rebooking flow, then paying it (en and nl).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import type { FieldType, Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot, test } from '../fixtures.ts';
import { plainText } from '../outbox.ts';
import { text } from '../storefront-texts.ts';
import { dutch, loadAllImages } from './storefront-page.ts';

type Language = 'en' | 'nl';

const say = (language: Language, key: string) => (language === 'en' ? text(key) : dutch(key));

/** The e2e server's outbox: mail lands there as .eml files without SMTP. */
const outbox = path.join(process.env.KASSA_E2E_DATA_DIR ?? '', 'outbox');

/** The mails sent to this address so far, as sent (headers, parts and attachments). */
async function mailsTo(address: string): Promise<string[]> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  return mails.filter((mail) => mail.includes(address));
}

async function mailMatching(address: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => pattern.test(mail));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

async function escapeRoom(page: Page, language: Language): Promise<ProductDetail> {
  const headers = { 'Accept-Language': language };
  const home = (await (await page.request.get('/api/home/products', { headers })).json()) as HomeProducts;
  const summary = home.products.find((product) => product.slug === 'escape-room');
  if (!summary) throw new Error('The demo shop has no escape-room');
  return (await (await page.request.get(`/api/products/${summary.id}`, { headers })).json()) as ProductDetail;
}

async function organisation(page: Page, language: Language): Promise<Organisation> {
  const answer = await page.request.get('/api/organisation', { headers: { 'Accept-Language': language } });
  return (await answer.json()) as Organisation;
}

function field(org: Organisation, type: FieldType, productId?: number) {
  const found = Object.values(org.fields).find(
    (candidate) =>
      candidate.type === type && (productId === undefined || candidate.products.includes(productId)),
  );
  if (!found) throw new Error(`The demo shop has no ${type} field`);
  return found;
}

/** A field's label starts with its name (required ones end in " *"). */
function labelled(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** The visitor's language, the shop as the API tells it, a fresh e-mail, and checked screenshots. */
async function start(page: Page, language: Language, expectAccessible: () => Promise<void>, name: string) {
  await page.addInitScript((chosen) => localStorage.setItem('kassa.language', chosen), language);
  const shots = async (shot: string) => {
    await expectAccessible();
    await loadAllImages(page);
    await screenshot(page, `reservation-${language}-${shot}`);
  };
  const [product, org] = await Promise.all([escapeRoom(page, language), organisation(page, language)]);
  return { shots, product, org, email: uniqueEmail(name) };
}

test.describe.configure({ mode: 'serial' });

test('reserves, opens the mailed link, edits the phone, applies a coupon, pays and gets the tickets (en)', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const language = 'en';
  const { shots, product, org, email } = await start(page, language, expectAccessible, 'reserve');

  // The product flow: quantity (the escape room's minimum of 2), a date and slot, the customer.
  await page.goto(`/product/${product.id}/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  const continueButton = page.getByRole('button', { name: text('product.continue') });
  await continueButton.click();
  await expect(page.getByRole('heading', { level: 2, name: text('product.steps.plot') })).toBeVisible();
  const slots = page.getByRole('group', { name: text('product.plot.slots') }).getByRole('radio');
  await expect(slots.first()).toBeVisible();
  await slots.first().check({ force: true });
  const customerStep = page.getByRole('heading', { level: 2, name: text('product.steps.customer') });
  for (let step = 0; step < 4 && !(await customerStep.isVisible()); step += 1) await continueButton.click();
  await expect(customerStep).toBeVisible();
  const input = (type: FieldType) =>
    page.getByLabel(
      labelled(field(org, type, type === 'TEXT' || type === 'CHECKBOX' ? product.id : undefined).name),
    );
  await input('FIRST_NAME').fill('Ada');
  await input('LAST_NAME').fill('Lovelace');
  await input('EMAIL').fill(email);
  await input('EMAIL_CONFIRM').fill(email);
  await input('TEXT').fill('The Analysts');
  await input('CHECKBOX').check();
  const reserve = page.getByRole('button', { name: text('summary.reserve') });
  await expect(reserve).toBeEnabled();
  // The shop's hold length (7 days in the demo) is said before reserving.
  await expect(page.getByText(text('summary.reserve_hold_other').replace('{{count}}', '7'))).toBeVisible();
  await shots('customer');
  await reserve.click();
  await page.waitForURL(/\/reservation\//);
  const hash = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

  // The confirmation mail holds the reservation link; the visitor comes back through it.
  const confirmation = await mailMatching(email, /Subject: Your reservation at/);
  const link = /https?:\/\/\S+\/reservation\/[A-Za-z0-9_-]+/.exec(plainText(confirmation))?.[0];
  expect(link).toBe(`${new URL(page.url()).origin}/reservation/${hash}`);
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: text('reservation.title') })).toBeVisible();
  await expect(
    page.getByText(text('reservation.overview.confirmation').replace('{{email}}', email)),
  ).toBeVisible();
  const panel = page.getByRole('complementary', { name: text('reservation.panel.title') });
  await expect(panel.getByRole('heading', { level: 3, name: product.title })).toBeVisible();
  await expect(panel.getByRole('link', { name: text('reservation.panel.change') })).toBeVisible();
  await shots('overview');

  // Edit: cancel restores, save stores and says so.
  const editButton = page.getByRole('button', { name: text('reservation.overview.edit.start') });
  await editButton.click();
  const phone = page.getByLabel(labelled(field(org, 'PHONE').name));
  await phone.fill('+31 20 555 0199');
  await page.getByRole('button', { name: text('reservation.overview.edit.cancel') }).click();
  await expect(page.getByText('+31 20 555 0199')).toHaveCount(0);
  await editButton.click();
  await page.getByLabel(labelled(field(org, 'PHONE').name)).fill('+31 20 555 0199');
  await shots('edit');
  await page.getByRole('button', { name: text('reservation.overview.edit.save') }).click();
  await expect(page.getByText(text('reservation.overview.edit.success'))).toBeVisible();
  await expect(page.getByText('+31 20 555 0199')).toBeVisible();

  // A coupon: the server prices the reservation again.
  const totalBefore = await panel.locator('.kassa-reservation-panel__row--total dd').textContent();
  await panel.getByRole('button', { name: text('summary.redeem_coupon') }).click();
  const dialog = page.getByRole('dialog', { name: text('coupon.title') });
  await dialog.getByLabel(labelled(text('coupon.code'))).fill('welcome10');
  await dialog.getByRole('button', { name: text('coupon.apply') }).click();
  await expect(dialog.getByText(text('coupon.accepted').replace('{{code}}', 'WELCOME10'))).toBeVisible();
  await dialog.getByRole('button', { name: text('coupon.continue') }).click();
  await expect(panel.getByText('WELCOME10', { exact: true })).toBeVisible();
  await expect(panel.getByText(text('summary.discount')).first()).toBeVisible();
  await expect(panel.locator('.kassa-reservation-panel__row--total dd')).not.toHaveText(totalBefore ?? '');
  await shots('coupon');

  // Pay: the checkout step hands off to the test gateway; Pay there; the return page says paid.
  await panel.getByRole('button', { name: text('reservation.panel.pay') }).click();
  await page.waitForURL(/\/pay\/test\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/return\//);
  await expect(
    page.getByRole('heading', { level: 1, name: text('checkoutReturn.paid_title') }),
  ).toBeVisible();
  const tickets = await mailMatching(email, /Subject: Your tickets from/);
  expect(tickets).toContain('Content-Type: application/pdf');

  // Paid: the reservation page says so and offers no more changes.
  await page.goto(`/reservation/${hash}`);
  await expect(page.getByText(text('reservation.overview.paid'))).toBeVisible();
  await expect(page.getByRole('button', { name: text('reservation.overview.edit.start') })).toHaveCount(0);
  await shots('paid');
});

for (const language of ['en', 'nl'] as const) {
  test(`changes the date of a reservation through the rebooking flow, then pays it (${language})`, async ({
    page,
    expectAccessible,
  }) => {
    test.setTimeout(180_000);
    const { shots, product, org, email } = await start(page, language, expectAccessible, 'change');
    const plots = (await (
      await page.request.get(`/api/products/${product.id}/plots?order[quantity]=2`)
    ).json()) as {
      id: number;
      date: string;
      time: { start: string };
      selectable: boolean;
      maxOrdersReached: boolean;
      availability: { amount: number };
    }[];
    // A slot a few days ahead with plenty of room: today's may start before the test is done.
    const today = plots[0]?.date ?? '';
    const plot = plots.find(
      // One group per escape-room slot (max_orders): a slot another test booked is taken.
      (candidate) =>
        candidate.selectable &&
        !candidate.maxOrdersReached &&
        candidate.date > today &&
        candidate.availability.amount >= 4,
    );
    const fields = {
      [field(org, 'EMAIL_CONFIRM').id]: email,
      [field(org, 'TEXT', product.id).id]: 'De Denkers',
      [field(org, 'CHECKBOX', product.id).id]: true,
    };
    const reserved = await page.request.post('/api/orders', {
      data: {
        action: 'reserve',
        customer: { first_name: 'Anna', last_name: 'de Vries', email, fields },
        orders: [{ product: { id: product.id, plot: plot!.id, quantity: 2 } }],
        language,
      },
    });
    expect(reserved.status(), await reserved.text()).toBe(200);
    const hash = (await reserved.json()).response.orders[0].order.hash as string;

    await page.goto(`/reservation/${hash}`);
    await expect(
      page.getByRole('heading', { level: 1, name: say(language, 'reservation.title') }),
    ).toBeVisible();
    await shots('overview');
    await page.getByRole('link', { name: say(language, 'reservation.panel.change') }).click();
    // The rebooking entry, prefilled with this reservation's number and e-mail.
    await expect(
      page.getByRole('textbox', { name: new RegExp(`^${say(language, 'rebook.email_label')}`) }),
    ).toHaveValue(email);
    await page.getByRole('button', { name: say(language, 'rebook.submit') }).click();
    // The step is in the address (decision 0144).
    await page.waitForURL(/\/product\/\d+\/rebook(\?step=\w+)?$/);
    const continueButton = page.getByRole('button', { name: say(language, 'product.continue') });
    await expect(
      page.getByRole('heading', { level: 2, name: say(language, 'product.steps.plot') }),
    ).toBeVisible();
    // Which slots still have room depends on today and on what the other tests booked, so ask
    // the API for one on another day and page the calendar to it (it may be next month).
    const otherPlot = plots.find(
      (candidate) =>
        candidate.selectable &&
        !candidate.maxOrdersReached &&
        candidate.date > today &&
        candidate.date !== plot!.date &&
        candidate.availability.amount >= 2,
    );
    // The calendar opens on the booked day once the slots are loaded; paging starts from there.
    await expect(page.locator(`[role="gridcell"][data-day="${plot!.date}"]`)).toHaveClass(/rdp-selected/);
    const otherDay = page.locator(`[role="gridcell"][data-day="${otherPlot!.date}"]`).getByRole('button');
    for (let month = 0; month < 4 && !(await otherDay.isVisible()); month += 1) {
      await page.locator('.rdp-button_next').click();
    }
    await otherDay.click();
    await expect(page.locator(`[role="gridcell"][data-day="${otherPlot!.date}"]`)).toHaveClass(
      /rdp-selected/,
    );
    const slot = page
      .getByRole('group', { name: say(language, 'product.plot.slots') })
      .getByRole('radio', { name: new RegExp(`^${otherPlot!.time.start}`) });
    await slot.check({ force: true });
    const customerStep = page.getByRole('heading', {
      level: 2,
      name: say(language, 'product.steps.customer'),
    });
    for (let step = 0; step < 4 && !(await customerStep.isVisible()); step += 1) await continueButton.click();
    await expect(customerStep).toBeVisible();
    const proceed = page.getByRole('button', { name: say(language, 'summary.rebook_reserved'), exact: true });
    await expect(proceed).toBeEnabled();
    await proceed.click();
    // A reservation moved to another slot is a new reservation: its page, and the old one is rebooked.
    await page.waitForURL((url) => url.pathname.startsWith('/reservation/') && !url.pathname.endsWith(hash));
    await expect(
      page.getByRole('heading', { level: 1, name: say(language, 'reservation.title') }),
    ).toBeVisible();
    await shots('changed');
    const old = (await (await page.request.get(`/api/reservation/${hash}`)).json()).response;
    expect(old).toMatchObject({ status: 'OTHER', allow_changes: false });

    // Pay the moved reservation: paid, with tickets for the new slot; the old slot's seats are free.
    const movedHash = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const panel = page.getByRole('complementary', { name: say(language, 'reservation.panel.title') });
    await panel.getByRole('button', { name: say(language, 'reservation.panel.pay') }).click();
    await page.waitForURL(/\/pay\/test\//);
    await page.getByRole('button', { name: language === 'en' ? 'Pay' : 'Betalen', exact: true }).click();
    await page.waitForURL(/\/checkout\/return\//);
    await expect(
      page.getByRole('heading', { level: 1, name: say(language, 'checkoutReturn.paid_title') }),
    ).toBeVisible();
    await shots('changed-paid');
    const moved = (await (await page.request.get(`/api/orders/${movedHash}/status`)).json()).response;
    expect(moved.status).toBe('PAID');
    const tickets = await page.request.get(`/api/orders/${movedHash}/tickets.pdf`);
    expect(tickets.status()).toBe(200);
    expect(tickets.headers()['content-type']).toContain('application/pdf');
    const seatsLeft = async (plotId: number) => {
      const now = (await (
        await page.request.get(`/api/products/${product.id}/plots?order[quantity]=2`)
      ).json()) as typeof plots;
      return now.find((candidate) => candidate.id === plotId);
    };
    // The new slot keeps its booking (one group per slot: no more orders), the old one is open again.
    await expect.poll(async () => (await seatsLeft(otherPlot!.id))?.maxOrdersReached).toBe(true);
    await expect
      .poll(async () => (await seatsLeft(plot!.id))?.availability.amount)
      .toBe(plot!.availability.amount);
  });
}
