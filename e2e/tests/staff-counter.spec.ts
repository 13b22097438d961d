import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import type { APIRequestContext, Page } from '@playwright/test';
import { buyTicketsForToday, sellTheZooUntilMidnight, shopToday } from '../door-fixtures.ts';
import { expect, screenshot } from '../fixtures.ts';
import { accessibleAtBothWidths, logIn, withStaffShop } from '../staff-fixtures.ts';
import { mailTo } from '../outbox.ts';

/**
 * The counter, end to end (decisions 0236, 0238, 0247, 0248): a manager
 * finds an order by its printed number, cancels one of its three tickets
 * with a refund — the visitor is mailed, the door refuses that ticket and
 * admits the others, the audit log shows it; a slot is closed and its
 * visitors mailed; a booking is moved from its order page. And every staff
 * page passes axe at a phone's width and a desktop's.
 */
const MANAGER = {
  email: 'boss@demo-museum.example',
  password: 'run-the-whole-zoo-2026',
  name: 'Mia Manager',
};

const test = withStaffShop([{ ...MANAGER, role: 'manager' }], sellTheZooUntilMidnight);

test.describe.configure({ mode: 'serial' });

async function logInAt(page: Page, path: string) {
  await page.goto(path);
  await logIn(page, MANAGER);
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/staff/login', {
    data: { email: MANAGER.email, password: MANAGER.password },
  });
  return ((await login.json()) as { token: string }).token;
}

/** A day `days` after today in the shop's zone, as YYYY-MM-DD. */
function dayAfterToday(days: number): string {
  const date = new Date(`${shopToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface Plot {
  id: number;
  date: string;
}

async function zooPlots(request: APIRequestContext, from: string, until: string) {
  const home = (await (await request.get('/api/home/products')).json()) as {
    products: { id: number; slug: string }[];
  };
  const zoo = home.products.find((product) => product.slug === 'zoo-day')!;
  const plots = (await (
    await request.get(
      `/api/products/${zoo.id}/plots?order[quantity]=1&filterFrom=${from}&filterUntil=${until}`,
    )
  ).json()) as Plot[];
  return { zoo, plots };
}

/** Buys and pays `quantity` zoo-day tickets on `plot`; answers the order's printed number. */
async function buyOn(request: APIRequestContext, zooId: number, plot: Plot, quantity: number, email: string) {
  const organisation = (await (await request.get('/api/organisation')).json()) as {
    fields: Record<string, { type: string }>;
  };
  const fields = Object.fromEntries(
    Object.entries(organisation.fields)
      .filter(([, field]) => field.type === 'EMAIL_CONFIRM')
      .map(([id]) => [id, email]),
  );
  const placed = await request.post('/api/orders', {
    data: {
      action: 'pay',
      customer: { first_name: 'Ada', last_name: 'Lovelace', email, fields },
      orders: [{ product: { id: zooId, plot: plot.id, quantity }, upsells: {}, audiences: {} }],
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const answer = (await placed.json()) as {
    response: { orders: Array<{ order: { hash: string }; payment: { hash: string } }> };
  };
  const paid = await request.post(`/pay/test/${answer.response.orders[0]!.payment.hash}`, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
}

async function referenceOf(request: APIRequestContext, token: string, email: string): Promise<string> {
  const found = await request.get(`/api/staff/orders?q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await found.json()) as { orders: { reference: string }[] }).orders[0]!.reference;
}

test('a manager cancels 1 of 3 tickets with a refund: the visitor is mailed, the door refuses it and admits the others, the audit log shows it', async ({
  page,
  request,
  staffShop,
}) => {
  test.setTimeout(240_000);
  const email = `counter-${Date.now()}@example.test`;
  const bought = await buyTicketsForToday(request, 3, email);
  const token = await staffToken(request);
  const reference = await referenceOf(request, token, email);
  const printed = formatOrderReference(reference);
  expect(printed).toContain(' ');

  await test.step('found by the number as printed, with its spaces', async () => {
    await logInAt(page, '/staff/orders');
    await expect(page).toHaveURL(/\/staff\/orders$/);
    await page.getByLabel('Search', { exact: true }).fill(printed);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: printed });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: printed }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${printed}` })).toBeVisible();
  });

  await test.step('one ticket cancelled, refunded to the payment', async () => {
    const panel = page.getByRole('region', { name: 'Cancel tickets or items' });
    await panel.getByRole('checkbox').first().check();
    await panel.getByRole('radio', { name: 'Refund to the original payment' }).check();
    await panel.getByRole('button', { name: 'Show the amounts' }).click();
    await panel.getByRole('button', { name: /^Cancel and refund / }).click();
    await expect(panel.getByText('Cancelled. The visitor has been mailed.')).toBeVisible();
    const mail = await mailTo(email, 'is cancelled', `${staffShop.dataFolder}/outbox`);
    expect(mail).toContain(`Part of your order ${printed} is cancelled`);
  });

  await test.step('the door refuses the cancelled ticket and admits the other two', async () => {
    await page.goto('/staff/scan');
    // Which of the three the panel's first box was is the server's order: one answers Cancelled, two Valid.
    const answers: string[] = [];
    for (const code of bought.codes) {
      await page.getByLabel('Type a code').fill(code);
      await page.getByRole('button', { name: 'Check code' }).click();
      const answer = page.getByRole('alertdialog');
      await expect(answer).toBeVisible();
      answers.push((await answer.getByRole('heading', { level: 2 }).textContent()) ?? '');
      await answer.getByRole('button', { name: 'Next scan' }).click();
      await expect(answer).toHaveCount(0);
    }
    expect(answers.sort()).toEqual(['Cancelled', 'Valid', 'Valid']);
  });

  await test.step('the audit log shows the cancellation', async () => {
    await page.goto('/staff/audit');
    await expect(page.getByRole('rowheader', { name: 'Part of an order cancelled' }).first()).toBeVisible();
  });
});

test('a closed slot mails its visitors, and a booking is moved from its order page', async ({
  page,
  request,
  staffShop,
  expectAccessible,
}) => {
  test.setTimeout(240_000);
  const token = await staffToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const { zoo, plots } = await zooPlots(request, dayAfterToday(2), dayAfterToday(6));
  expect(plots.length).toBeGreaterThanOrEqual(4);
  const [closing, movedTo, booked] = plots;

  await test.step('closing a slot mails each visitor on it', async () => {
    const email = `closed-${Date.now()}@example.test`;
    await buyOn(request, zoo.id, closing!, 2, email);
    const closed = await request.post(`/api/staff/plots/${closing!.id}/close`, {
      headers,
      data: { reason: 'Storm warning: the zoo is closed' },
    });
    expect(closed.ok(), await closed.text()).toBe(true);
    expect(((await closed.json()) as { cancelled: unknown[] }).cancelled).toHaveLength(1);
    const mail = await mailTo(email, 'is cancelled', `${staffShop.dataFolder}/outbox`);
    expect(mail).toContain('Storm warning');
  });

  await test.step('a booking moved to another day: new tickets mailed', async () => {
    const email = `moved-${Date.now()}@example.test`;
    await buyOn(request, zoo.id, booked!, 2, email);
    const reference = await referenceOf(request, token, email);
    await logInAt(page, `/staff/orders/${reference}`);
    const panel = page.getByRole('region', { name: 'Move to another time' });
    const choice = panel.getByLabel('New date and time');
    await expect(choice).toBeVisible();
    const option = choice.locator(`option[value="${movedTo!.id}"]`);
    await expect(option).toContainText(/places free|no limit/);
    await choice.selectOption(String(movedTo!.id));
    await panel.getByLabel('Charge the rebooking fee').uncheck();
    await panel.getByRole('button', { name: 'Show the price' }).click();
    await expect(panel.getByText('Nothing to pay and nothing back.')).toBeVisible();
    await accessibleAtBothWidths(page, expectAccessible);
    await screenshot(page, 'staff-move-preview');
    await panel.getByRole('button', { name: 'Move the booking' }).click();
    await expect(panel.getByText(/^Moved to /)).toBeVisible();
    await mailTo(email, 'tickets', `${staffShop.dataFolder}/outbox`);
    await screenshot(page, 'staff-move-done');
  });
});

test('every staff page passes axe at 390 and 1280 px', async ({ page, request, expectAccessible }) => {
  test.setTimeout(300_000);
  const email = `axe-${Date.now()}@example.test`;
  await buyTicketsForToday(request, 1, email);
  const token = await staffToken(request);
  const reference = await referenceOf(request, token, email);
  await logInAt(page, '/staff/scan');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan tickets' })).toBeVisible();
  const { plots } = await zooPlots(request, shopToday(), shopToday());
  const pages: [string, string][] = [
    ['scan', '/staff/scan'],
    ['today', '/staff/today'],
    ['orders', '/staff/orders'],
    ['order', `/staff/orders/${reference}`],
    ['requests', '/staff/requests'],
    ['accounts', '/staff/accounts'],
    ['audit', '/staff/audit'],
    ['attendees', `/staff/plots/${plots[0]!.id}/attendees`],
  ];
  for (const [name, path] of pages) {
    await test.step(name, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await accessibleAtBothWidths(page, expectAccessible);
      await screenshot(page, `staff-counter-${name}`);
    });
  }
});
