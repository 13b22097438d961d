import type { APIRequestContext, Page } from '@playwright/test';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';
import { dutch } from './storefront-page.ts';

interface ExpectedEvent {
  title: string;
  path: string;
}

/** The shop's today as YYYY-MM-DD in its own zone, read from the page definitions. */
async function shopToday(page: Page): Promise<string> {
  const definitions = JSON.parse((await page.locator('#kassa-page-definitions').textContent()) ?? '{}') as {
    timeZone?: string;
  };
  return new Intl.DateTimeFormat('en-CA', { timeZone: definitions.timeZone ?? 'Europe/Amsterdam' }).format(
    new Date(),
  );
}

function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** What the calendar should list, by day, worked out from the API the way docs/storefront.md §2.18 and §5.9 say. */
async function expectedEvents(
  request: APIRequestContext,
  today: string,
): Promise<Map<string, ExpectedEvent[]>> {
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const query = `filterFrom=${today}&filterUntil=${addDays(today, 60)}&orderingCol=date&orderingDir=asc`;
  const days = new Map<string, ExpectedEvent[]>();
  for (const product of home.products.filter((item) => item.options.days)) {
    const plots = (await (await request.get(`/api/products/${product.id}/plots?${query}`)).json()) as Plot[];
    for (const plot of plots) {
      if (!plot.date || !plot.selectable || plot.availability.amount === 0) continue;
      const list = days.get(plot.date) ?? [];
      list.push({ title: product.title, path: `/product/${product.id}/${product.slug}` });
      days.set(plot.date, list);
    }
  }
  return days;
}

const titlesOf = (events: ExpectedEvent[]) => events.map((event) => event.title).sort();

test.describe('calendar page', () => {
  // Each test reads every dated product's 60-day plots (the page and the check), runs axe and takes screenshots.
  test.describe.configure({ timeout: 60_000 });

  test('lists the seeded shop’s events of a day and leads to the product (English)', async ({
    page,
    request,
    expectAccessible,
  }) => {
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { level: 1, name: text('calendar.title') })).toBeVisible();
    const days = await expectedEvents(request, await shopToday(page));
    const [firstDay] = [...days.keys()].sort();
    expect(firstDay, 'the demo shop has events in the next 60 days').toBeTruthy();
    const first = days.get(firstDay!)!;

    // It opens on the first day with events, listing exactly that day's shown plots.
    const day = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(day.getByRole('status')).toHaveText(new RegExp(`^${first.length} events? on `));
    const headings = day.getByRole('listitem').getByRole('heading', { level: 3 });
    await expect(headings).toHaveCount(first.length);
    expect((await headings.allTextContents()).sort()).toEqual(titlesOf(first));
    await expect(page.locator('.rdp-selected.kassa-calendar__day--events')).toHaveCount(1);
    // Days before today look unavailable. All style sheets are one file (decision 0169), so the
    // product page's calendar rules must not reach this one (they once made these days opaque).
    const pastDays = page.locator('.kassa-calendar__picker .rdp-disabled');
    for (const pastDay of (await pastDays.all()).slice(0, 3)) {
      expect(Number(await pastDay.evaluate((cell) => getComputedStyle(cell).opacity))).toBeLessThan(1);
    }

    await expectAccessible();
    await screenshot(page, 'calendar-en');

    // Keyboard: arrow to the next day, Enter picks it.
    await page.locator('.rdp-selected button').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const next = days.get(addDays(firstDay!, 1)) ?? [];
    await expect(day.getByRole('status')).toHaveText(
      next.length > 0 ? new RegExp(`^${next.length} events? on `) : text('calendar.no_events'),
    );
    await expect(day.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveCount(next.length);

    // Add tickets leads to the product page of the event and keeps the chosen day and slot (docs/storefront.md §2.18).
    const event = day.getByRole('listitem').first();
    const title = await event.getByRole('heading', { level: 3 }).textContent();
    const path = [...next, ...first].find((candidate) => candidate.title === title)!.path;
    const chosenDay = next.length > 0 ? addDays(firstDay!, 1) : firstDay!;
    await event.getByRole('link', { name: new RegExp(`^${text('calendar.add_tickets')}`) }).click();
    // A day whose only slot is chosen goes on to the quantity step (&step=quantity) once the page has loaded.
    await expect(page).toHaveURL(new RegExp(`${path}\\?date=${chosenDay}&plot=\\d+(&step=quantity)?$`));
  });

  test('speaks Dutch and offers Checkout with the day as a hint', async ({
    page,
    request,
    expectAccessible,
  }) => {
    await page.addInitScript(() => localStorage.setItem('kassa.language', 'nl'));
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { level: 1, name: dutch('calendar.title') })).toBeVisible();
    const days = await expectedEvents(request, await shopToday(page));
    const firstDay = [...days.keys()].sort()[0]!;

    const event = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .first();
    await expect(
      event.getByRole('link', { name: new RegExp(`^${dutch('calendar.add_tickets')}`) }),
    ).toBeVisible();
    const checkout = event.getByRole('link', { name: new RegExp(`^${dutch('calendar.checkout')}`) });
    await expect(checkout).toHaveAttribute(
      'href',
      new RegExp(`^/product/\\d+/[\\w-]+\\?date=${firstDay}&plot=\\d+$`),
    );
    // The day's heading is a Dutch date.
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(
      /(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)/,
    );

    await expectAccessible();
    await screenshot(page, 'calendar-nl');
  });
});
