import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, screenshot, test } from '../fixtures.ts';
import { text } from '../storefront-texts.ts';

test.describe('storefront shell', () => {
  test('the home page loads with the shop in its title and page definitions injected', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status(), 'the server answers the home page (built, seeded)').toBe(200);
    // The element the server fills in (packages/domain/src/contract/page-definitions.ts).
    const definitions = JSON.parse((await page.locator('#kassa-page-definitions').textContent()) ?? '{}') as {
      organisationName?: string;
    };
    expect(definitions.organisationName).toBeTruthy();
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(definitions.organisationName ?? '')));
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('an unknown path shows the fallback page, answered 404 with noindex (decision 0197)', async ({
    page,
    expectAccessible,
  }) => {
    const response = await page.goto('/this/path/does-not-exist');
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain('<meta name="robots" content="noindex">');
    await expect(page.getByRole('heading', { level: 1, name: text('fallback.title') })).toBeVisible();
    await expect(page.getByText(text('fallback.subtitle'))).toBeVisible();
    await expect(page.getByRole('link', { name: text('fallback.home') })).toHaveAttribute('href', '/');
    await expectAccessible();
    await screenshot(page, 'shell-fallback');
  });

  test('/404 shows its title and subtitle, answered 404', async ({ page, expectAccessible }) => {
    expect((await page.goto('/404'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: text('not_found.title') })).toBeVisible();
    await expect(page.getByText(text('not_found.subtitle'))).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'shell-404');
  });

  test('an unknown /api path answers a JSON 404, not the page', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

test.describe('a first visit from a Dutch browser', () => {
  test.use({ locale: 'nl-NL' });

  test('reads Dutch until the visitor chooses another language', async ({ page }) => {
    const dutch = JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../../apps/storefront/src/locales/nl.json', import.meta.url)),
        'utf8',
      ),
    ) as { not_found: { title: string } };
    await page.goto('/404');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1, name: dutch.not_found.title })).toBeVisible();
    await screenshot(page, 'first-visit-nl');
    await page.goto('/404?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: text('not_found.title') })).toBeVisible();
  });
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
