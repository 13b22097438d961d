import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { serverRoot } from '../../paths.ts';
import { fakeDist } from '../../testing/fake-dist.ts';
import { createCategory, createOrganisation, createProduct, createVoucher } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { RenderPage } from '../../lib/render-page.ts';

/** The storefront's renderer from source (npm run build makes the same into dist-ssr). */
const entryServer = path.join(serverRoot, '../storefront/src/entry-server.tsx');

/** What the server wrote inside #root. */
function rootOf(html: string): string {
  return (
    /<div id="root">([\s\S]*?)<\/div>(?:<script type="application\/json" id="kassa-page-data">|<\/body>)/.exec(
      html,
    )?.[1] ?? ''
  );
}

const NOINDEX = '<meta name="robots" content="noindex">';

describe('pages that do not exist answer 404 with the not-found page, rendered by the server (decision 0197)', () => {
  let t: TestApp;
  let dist: string;
  let boat: { id: number };
  let tours: { id: number };
  let friendsOnly: { id: number };
  let retired: { id: number };
  let organisation: { id: number };

  beforeAll(async () => {
    dist = fakeDist();
    const entry = (await import(/* @vite-ignore */ entryServer)) as { renderPage: RenderPage };
    t = await createTestApp(
      { STOREFRONT_DIST: dist, PUBLIC_URL: 'https://shop.example/' },
      { renderPage: entry.renderPage },
    );
    organisation = await createOrganisation(t.db, {
      name: 'Harbour Museum',
      defaultLanguage: 'en',
      languages: ['en', 'nl', 'es', 'de', 'fr'],
      faqEnabled: true,
    });
    tours = await createCategory(t.db, organisation.id, { slug: 'tours', title: { en: 'Tours' } });
    boat = await createProduct(t.db, organisation.id, { slug: 'boat-tour', title: { en: 'Boat tour' } });
    const [group] = await t.db
      .insert(s.clientGroups)
      .values({ organisationId: organisation.id, name: { en: 'Friends' } })
      .returning();
    friendsOnly = await createProduct(t.db, organisation.id, {
      slug: 'preview-evening',
      title: { en: 'Preview evening' },
      groupIds: [group!.id],
    });
    retired = await createProduct(t.db, organisation.id, {
      slug: 'old-tour',
      title: { en: 'Old tour' },
      state: 'ARCHIVED',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('an unknown path: 404, noindex, and the fallback page in the HTML', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(NOINDEX);
    expect(rootOf(response.body)).toContain('We could not find this page');
    // The shop around it (header, footer) is there too: the visitor can go on from here.
    expect(rootOf(response.body)).toContain('Harbour Museum');
  });

  it('/favicon.ico the shop does not have: 204, cached, not the rendered not-found page (decision 0268)', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('/404 itself answers 404', async () => {
    const response = await get('/404');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(NOINDEX);
    expect(rootOf(response.body)).toContain('Page not found');
  });

  it('a product or category that no longer exists: 404, and the page says the item is gone', async () => {
    for (const [url, words] of [
      ['/product/999999/old-boat', 'This product is no longer available'],
      [`/product/${retired.id}/old-tour`, 'This product is no longer available'],
      ['/product/not-a-number/old-boat', 'This product is no longer available'],
      ['/category/999999/old-tours', 'This category is no longer available'],
      ['/voucher/999999/old-card', 'This voucher is no longer available'],
      ['/subscription/999999/old-pass', 'This subscription is no longer available'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(NOINDEX);
      expect(rootOf(response.body), url).toContain(words);
    }
  });

  it('says it in the language of the page', async () => {
    const response = await get('/product/999999/old-boat?lang=de');
    expect(response.statusCode).toBe(404);
    expect(rootOf(response.body)).toContain('Dieses Produkt ist nicht mehr erhältlich');
  });

  it('the FAQ of a shop without one answers 404', async () => {
    await t.db
      .update(s.organisations)
      .set({ faqEnabled: false })
      .where(eq(s.organisations.id, organisation.id));
    try {
      const response = await get('/faq');
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(NOINDEX);
    } finally {
      await t.db
        .update(s.organisations)
        .set({ faqEnabled: true })
        .where(eq(s.organisations.id, organisation.id));
    }
  });

  it('pages that exist still answer 200, a group-only item too (a member sees it once logged in)', async () => {
    for (const url of [
      '/',
      '/calendar',
      '/voucher-check',
      `/product/${boat.id}/boat-tour`,
      `/product/${boat.id}/rebook`,
      `/category/${tours.id}/tours`,
      `/product/${friendsOnly.id}/preview-evening`,
      '/rebook/0123456789abcdef0123456789abcdef',
      '/checkout/return/0123456789abcdef',
      '/client/login',
      '/staff/today',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
    }
    expect((await get(`/product/${friendsOnly.id}/preview-evening`)).body).toContain(NOINDEX);
  });

  it('an existing voucher page answers 200', async () => {
    const card = await createVoucher(t.db, organisation.id, { slug: 'gift-card' });
    expect((await get(`/voucher/${card.id}/gift-card`)).statusCode).toBe(200);
  });
});
