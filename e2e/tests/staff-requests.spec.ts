import { expect, screenshot } from '../fixtures.ts';
import { logIn, withStaffShop } from '../staff-fixtures.ts';

/**
 * The requests inbox in the browser (decision 0239): a visitor's refund
 * request from the FAQ page is listed on /staff/requests for a manager, who
 * declines it with a message; axe finds nothing at 390 and 1280 px.
 */
const MANAGER = { email: 'boss@demo-museum.example', password: 'manage-them-all-2026', name: 'Max Manager' };

const test = withStaffShop([{ ...MANAGER, role: 'manager' }]);

test('a manager reads a refund request in the inbox and declines it with a message', async ({
  page,
  request,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const sent = await request.post('/api/faq/mail?language=nl', {
    data: {
      first_name: 'Ria',
      last_name: 'Visser',
      adress: 'ria@example.test',
      order_number: '1234 5678 901',
      comment: 'Wij kunnen niet komen.',
    },
  });
  expect(sent.status()).toBe(200);

  await page.goto('/staff/requests');
  await logIn(page, MANAGER);
  await expect(page).toHaveURL(/\/staff\/requests$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refund requests' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link', { name: 'Requests' }),
  ).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Ria Visser' });
  await expect(card).toContainText('Wij kunnen niet komen.');
  await expect(card).toContainText('match no order');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await expectAccessible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
  }
  await screenshot(page, 'staff-requests-open');

  await card.getByLabel('Message to the visitor').fill('De termijn is verlopen.');
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Ria Visser')).toHaveCount(0);
  await page.getByRole('button', { name: 'Declined' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Ria Visser' })).toContainText('Declined by');
  await expectAccessible();
  await screenshot(page, 'staff-requests-declined');
});
