import { DOOR_ACCOUNT } from '../door-fixtures.ts';
import { expect, screenshot } from '../fixtures.ts';
import { logIn, withStaffShop } from '../staff-fixtures.ts';

/**
 * The manager's dashboard (decisions 0262–0264) on the demo's 90 days of
 * past sales: a manager opens it on a phone and a desktop, switches the
 * period and the grouping, reads the table view; axe finds nothing; a door
 * account sees no Dashboard link and the API answers it 403.
 */
const MANAGER = { email: 'chief@demo-museum.example', password: 'see-it-all-2026', name: 'Mo Manager' };

const test = withStaffShop([{ ...MANAGER, role: 'manager' }, DOOR_ACCOUNT]);

for (const [device, width, height] of [
  ['phone', 390, 844],
  ['desktop', 1280, 900],
] as const) {
  test(`a manager reads the dashboard on a ${device}: period, grouping, table view`, async ({
    page,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await page.goto('/staff/dashboard');
    await logIn(page, MANAGER);
    await expect(page).toHaveURL(/\/staff\/dashboard/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Staff pages' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    // The last 30 days by day: a chart with its text alternative.
    // The reports are read on a busy, shared machine: give the first answers time.
    await expect(page.getByRole('heading', { level: 2, name: 'Sales' })).toBeVisible({ timeout: 45_000 });
    await expect(page.locator('figcaption')).toContainText('Bar chart of sales (gross) and refunds per Day');
    await expect(page.locator('.kassa-dashboard__chart canvas').first()).toBeVisible();
    await expectAccessible();
    await screenshot(page, `staff-dashboard-chart-${device}`);

    // The last 90 days, by channel, as a table.
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
    await page.getByLabel('Group by').selectOption({ label: 'Channel' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/by=channel/);
    await page.getByRole('button', { name: 'Table view' }).click();
    const table = page.getByRole('table', { name: /^Sales from / });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table.getByRole('rowheader', { name: 'Campaign: newsletter' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(table.getByRole('rowheader', { name: 'Direct (no source)' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Total' })).toBeVisible();
    // The table's total equals the figures above it.
    const gross = (await page.locator('.kassa-dashboard__figures dd').first().textContent())!.trim();
    await expect(table.locator('tfoot td').nth(2)).toHaveText(gross);
    await expect(page.getByRole('link', { name: 'Download CSV' }).first()).toHaveAttribute(
      'download',
      /^sales-channel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // Keyboard: the grouping switch and the table's scroll region take focus.
    await page.getByLabel('Group by').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show', exact: true })).toBeFocused();

    // By product, then the other sections.
    await page.getByLabel('Group by').selectOption({ label: 'Product' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(
      page.getByRole('table', { name: /^Sales from / }).getByRole('rowheader', { name: 'Museum admission' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Today per slot' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Places taken per slot/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('table', { name: /^Tickets sold and let in/ })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Cancellations per day/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Gift-card credit' })).toBeVisible();
    await expectAccessible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, `staff-dashboard-table-${device}`);
  });
}

test('a door account sees no Dashboard link, and the reports answer it 403', async ({ page, request }) => {
  await page.goto('/staff/today');
  await logIn(page, DOOR_ACCOUNT);
  await expect(page).toHaveURL(/\/staff\/today$/);
  const nav = page.getByRole('navigation', { name: 'Staff pages' });
  await expect(nav.getByRole('link', { name: 'Today' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const value = localStorage.getItem(localStorage.key(i)!) ?? '';
      const match = /"token":"([^"]+)"/.exec(value);
      if (match) return match[1]!;
    }
    return null;
  });
  expect(token).not.toBeNull();
  const answer = await request.get('/api/staff/reports/sales?from=2026-01-01&to=2026-01-31&by=day', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(403);
  expect((await answer.json()).error.code).toBe('STAFF_FORBIDDEN');
  // The page itself says it is for managers.
  await page.goto('/staff/dashboard');
  await expect(page.getByText('Only managers can see this page.')).toBeVisible();
});
