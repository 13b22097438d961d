import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { buyTicketsForToday, sellTheZooUntilMidnight } from '../door-fixtures.ts';
import { expect, screenshot } from '../fixtures.ts';
import { accessibleAtBothWidths, logIn, withStaffShop } from '../staff-fixtures.ts';
import { mailTo } from '../outbox.ts';

/**
 * Orders behind the counter (decisions 0230–0234): a box-office account
 * finds an order by its printed number, opens it and sends its tickets
 * again to a corrected address (the mail lands in the outbox); a door
 * account sees no Orders in its menu and the API refuses it.
 */
const DESK = { email: 'desk@demo-museum.example', password: 'sell-them-all-2026', name: 'Dee Desk' };
const DOOR = { email: 'door@demo-museum.example', password: 'scan-them-all-2026', name: 'Sam Door' };

const test = withStaffShop([{ ...DESK, role: 'box-office' }, DOOR], sellTheZooUntilMidnight);

test('the box office finds an order by its printed number and resends its tickets to a corrected address', async ({
  page,
  request,
  staffShop,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const email = `orders-${Date.now()}@example.test`;
  await buyTicketsForToday(request, 2, email);

  // The number as printed on the tickets: read back from the staff API with the desk's token.
  const login = await request.post('/api/staff/login', {
    data: { email: DESK.email, password: DESK.password },
  });
  const token = ((await login.json()) as { token: string }).token;
  const found = await request.get(`/api/staff/orders?q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const reference = ((await found.json()) as { orders: { reference: string }[] }).orders[0]!.reference;
  const printed = formatOrderReference(reference);

  await test.step('the desk searches by the printed number', async () => {
    await page.goto('/staff/orders');
    await logIn(page, DESK);
    await expect(page).toHaveURL(/\/staff\/orders$/);
    const nav = page.getByRole('navigation', { name: 'Staff pages' });
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
    await page.getByLabel('Search', { exact: true }).fill(printed);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=/);
    const row = page.getByRole('row').filter({ hasText: printed });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await accessibleAtBothWidths(page, expectAccessible);
    await screenshot(page, 'staff-orders-search');
    await row.getByRole('link', { name: printed }).click();
  });

  await test.step('the order page shows the order; its tickets go again to a corrected address', async () => {
    await expect(page).toHaveURL(new RegExp(`/staff/orders/${reference}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${printed}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tickets', level: 2, exact: true })).toBeVisible();
    await expect(page.getByText('Not let in yet')).toHaveCount(2);
    await accessibleAtBothWidths(page, expectAccessible);
    await screenshot(page, 'staff-order-page');
    const corrected = `corrected-${Date.now()}@example.test`;
    await page.getByLabel('Send to').fill(corrected);
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText(`Tickets is on its way to ${corrected}.`)).toBeVisible();
    const mail = await mailTo(corrected, '', `${staffShop.dataFolder}/outbox`);
    expect(mail).toContain(printed);
    // The page lists the mail and its history entry.
    await expect(page.getByRole('listitem').filter({ hasText: corrected })).toHaveCount(1);
    await expect(page.getByRole('rowheader', { name: 'order.resend' }).first()).toBeVisible();
  });

  await test.step("today's slot links to its printable attendee list", async () => {
    await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Today' }).click();
    await page
      .getByRole('link', { name: /^Attendees Zoo day/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/staff\/plots\/\d+\/attendees$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Attendees: Zoo day/ })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: printed });
    await expect(row).toContainText('Ada Lovelace');
    await expect(row).toContainText('0/2');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await accessibleAtBothWidths(page, expectAccessible);
    await screenshot(page, 'staff-attendees');
  });
});

test('a door account sees no Orders and the API refuses it', async ({ page, request }) => {
  await page.goto('/staff/today');
  await logIn(page, DOOR);
  await expect(page).toHaveURL(/\/staff\/today$/);
  const nav = page.getByRole('navigation', { name: 'Staff pages' });
  await expect(nav.getByRole('link', { name: 'Today' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0);
  const login = await request.post('/api/staff/login', {
    data: { email: DOOR.email, password: DOOR.password },
  });
  const token = ((await login.json()) as { token: string }).token;
  const refused = await request.get('/api/staff/orders?q=ada', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('STAFF_FORBIDDEN');
  await page.goto('/staff/orders');
  await expect(page.getByText('Orders are for the box office and managers.')).toBeVisible();
});
