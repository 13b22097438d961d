import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, screenshot, test } from '../fixtures.ts';

const LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;

/** calendar.title in one of the storefront's locale files. */
function calendarTitle(language: string): string {
  const file = fileURLToPath(new URL(`../../apps/storefront/src/locales/${language}.json`, import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { calendar: { title: string } }).calendar.title;
}

test.describe('pages search engines and shared links understand (decision 0150)', () => {
  for (const language of LANGUAGES) {
    test(`a shared ?lang=${language} link opens the calendar in that language, head and app alike`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));

      const response = await page.goto(`/calendar?lang=${language}`);
      const html = (await response?.text()) ?? '';
      // The server wrote the page in the language before any script ran.
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(`<title>${calendarTitle(language)} – `);

      await expect(page.getByRole('heading', { level: 1, name: calendarTitle(language) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The app's title says what the server's said.
      await expect(page).toHaveTitle(new RegExp(`^${calendarTitle(language)} – `));
      expect(errors).toEqual([]);
      if (language === 'nl') await screenshot(page, 'findable-calendar-nl');
    });
  }

  test('robots.txt is text naming the sitemap, and the sitemap lists the catalogue', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const sitemapUrl = /Sitemap: (\S+)/.exec(await robots.text())?.[1];
    expect(sitemapUrl).toBeTruthy();
    const sitemap = await request.get(new URL(sitemapUrl ?? '').pathname);
    expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
    expect(await sitemap.text()).toMatch(/<loc>[^<]*\/product\/\d+\/[^<]+<\/loc>/);
  });
});
