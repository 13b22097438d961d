/**
 * The quantity and date steps of a dated product with time slots, as a
 * visitor with a large party sees them: the quantity stops at the most seats
 * any date has left and says so; dates where no slot fits are closed, with
 * the reason under the month; each slot says how full it is (decisions
 * 0191, 0192). Worked out against what the API says of the demo shop.
 */
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

test('a large party: the quantity is capped, too small dates are closed and said so, slots say how full they are', async ({
  page,
  request,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const summary = home.products.find((product) => product.slug === 'light-and-colour')!;
  const product = (await (await request.get(`/api/products/${summary.id}`)).json()) as ProductDetail;
  const most = product.availability!.amount!;
  expect(most).toBeGreaterThan(0);

  await page.goto(`/product/${product.id}/${product.slug}`);
  const tickets = text('product.quantity.tickets');
  const plus = page.getByRole('button', {
    name: text('product.quantity.increase').replace('{{name}}', tickets),
  });
  for (let clicks = 0; clicks < most + 5 && (await plus.isEnabled()); clicks += 1) await plus.click();
  await expect(plus).toBeDisabled();
  await expect(page.getByRole('group', { name: tickets }).locator('output')).toHaveText(String(most));
  await expect(
    page.getByText(text('product.quantity.availability_other').replace('{{count}}', String(most))),
  ).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'date-step-fit-quantity');

  await page.getByRole('button', { name: text('product.continue') }).click();
  await expect(page.getByRole('heading', { level: 2, name: text('product.steps.plot') })).toBeVisible();
  const plots = (await (
    await request.get(`/api/products/${product.id}/plots?order[quantity]=${most}`)
  ).json()) as Plot[];
  const available = plots.filter((plot) => plot.selectable && plot.availability.amount !== 0 && plot.date);
  const fits = (plot: Plot) => !plot.maxOrdersReached && (plot.availability.amount ?? Infinity) >= most;
  const openDays = new Set(available.filter(fits).map((plot) => plot.date));
  const closedWithSeats = new Set(available.map((plot) => plot.date).filter((date) => !openDays.has(date)));
  const note = page.getByText(text('product.plot.too_small_days'));
  if (closedWithSeats.size > 0) await expect(note).toBeVisible();
  else await expect(note).toHaveCount(0);
  // A closed day in the month shown (the month of the date chosen for the visitor) is disabled.
  const shownMonth = ((await page.locator('.rdp-selected').getAttribute('data-day')) ?? '').slice(0, 7);
  const closed = [...closedWithSeats].find((date) => date?.startsWith(shownMonth));
  if (closed) await expect(page.locator(`[data-day="${closed}"] button`)).toBeDisabled();

  const slots = page.getByRole('group', { name: text('product.plot.slots') }).getByRole('radio');
  await expect(slots.first()).toBeVisible();
  const described = [
    text('product.plot.slot_high'),
    text('product.plot.slot_medium'),
    text('product.plot.slot_low'),
  ];
  await expect(slots.first()).toHaveAccessibleDescription(new RegExp(`^(${described.join('|')})$`));
  // The tooltip shows while the slot holds the focus.
  await slots.first().focus();
  const tip = page.locator('.kassa-slot-availability__tip').first();
  await expect(tip).toBeVisible();
  await screenshot(page, 'date-step-fit-tooltip');
  await slots.first().focus();
  // Escape hides it while the focus stays.
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await slots.first().blur();
  await expectAccessible();
  await screenshot(page, 'date-step-fit-plot');
});

test('the calendar page says how full each time slot is', async ({ page, expectAccessible }) => {
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: text('calendar.title') })).toBeVisible();
  const events = page.locator('.kassa-calendar__events');
  await expect(events).toBeVisible();
  await expect(
    events
      .getByText(new RegExp(`^(${text('product.plot.slot_high')}|${text('product.plot.slot_medium')})$`))
      .first(),
  ).toBeVisible();
  await expectAccessible();
  await screenshot(page, 'date-step-fit-calendar');
});
