import { DOOR_ACCOUNT, sellTheZooUntilMidnight } from '../door-fixtures.ts';
import { expect, screenshot } from '../fixtures.ts';
import { logIn, withStaffShop } from '../staff-fixtures.ts';

/**
 * /staff/today for the people at the desk: the link in a refund request mail
 * opens the order (after the login it asked for), and the slots table is
 * readable on a phone, every column of every row on the screen.
 */
const test = withStaffShop([DOOR_ACCOUNT], sellTheZooUntilMidnight);
test.describe.configure({ mode: 'serial' });

test("the refund mail's link to an order opens it on /staff/today, after the login it asks for", async ({
  page,
  expectAccessible,
}) => {
  // The demo's paid order to rebook (decision 0104), as the shop's mail links it.
  await page.goto('/staff/today?order=48210937563');
  await logIn(page, DOOR_ACCOUNT);
  await expect(page).toHaveURL(/\/staff\/today\?order=48210937563$/);
  await expect(page.getByLabel('Order number or e-mail address')).toHaveValue('4821 0937 563');
  await expect(page.getByRole('heading', { level: 3, name: 'Order 4821 0937 563' })).toBeVisible();
  await expectAccessible();
});

test.describe('the slots table at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('stacks each slot: every figure on the screen with its own label, no sideways scrolling', async ({
    page,
    expectAccessible,
  }) => {
    // A fresh browser: no staff session yet.
    await page.goto('/staff/today');
    await logIn(page, DOOR_ACCOUNT);
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const table = page.getByRole('table');
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    // The slots come after the heading: wait for them rather than count what is there at once.
    await expect(rows).not.toHaveCount(0);
    const wrap = page.locator('.kassa-staff__table-wrap');
    expect(await wrap.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const row of await rows.all()) {
      for (const cell of await row.locator('th, td').all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      // A figure says what it counts, right beside it.
      for (const label of ['Capacity', 'Sold', 'Reserved', 'Let in']) {
        await expect(row.getByText(label, { exact: true })).toBeVisible();
      }
    }
    // Still a table to a screen reader: its cells keep their column headers.
    await expect(table.getByRole('columnheader', { name: 'Sold' })).toBeAttached();
    await expectAccessible();
    await screenshot(page, 'staff-today-table');
  });
});
