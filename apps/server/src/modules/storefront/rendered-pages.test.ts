import { rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverRoot } from '../../paths.ts';
import { fakeDist } from '../../testing/fake-dist.ts';
import {
  createCategory,
  createFaqQuestion,
  createOrganisation,
  createPlot,
  createProduct,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { RenderPage } from '../../lib/render-page.ts';
import { lastBodyKeeper } from './last-version.ts';

/** The storefront's renderer from source (npm run build makes the same into dist-ssr). */
const entryServer = path.join(serverRoot, '../storefront/src/entry-server.tsx');
/** What the calendar's query keeps of a plots answer (decision 0280), from the storefront's source too. */
const calendarPlotsModule = path.join(
  serverRoot,
  '../storefront/src/features/calendar/utils/calendar-plots.ts',
);

/** What the server wrote inside #root. */
function rootOf(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="kassa-page-data">/.exec(
    html,
  );
  return match?.[1] ?? '';
}

interface PageData {
  language: string;
  path: string;
  today: string;
  todayFrom: number;
  todayUntil: number;
  queries: { key: unknown[]; data: unknown }[];
  printed?: [string, string][];
}

function pageDataOf(html: string): PageData | undefined {
  const match = /<script type="application\/json" id="kassa-page-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1] ?? '') as PageData) : undefined;
}

describe('catalogue pages arrive with their content in the HTML (decision 0153)', () => {
  let t: TestApp;
  let dist: string;
  let renderPage: ReturnType<typeof vi.fn<RenderPage>>;
  let boat: { id: number };
  let tours: { id: number };

  beforeAll(async () => {
    dist = fakeDist();
    const entry = (await import(/* @vite-ignore */ entryServer)) as { renderPage: RenderPage };
    renderPage = vi.fn<RenderPage>((request) => entry.renderPage(request));
    t = await createTestApp(
      // A long cache, so the test sees a second view served from it.
      { STOREFRONT_DIST: dist, PUBLIC_URL: 'https://shop.example/', CATALOG_CACHE_MS: '60000' },
      { renderPage },
    );
    const organisation = await createOrganisation(t.db, {
      name: 'Harbour Museum',
      defaultLanguage: 'en',
      languages: ['en', 'nl', 'es', 'de', 'fr'],
      currency: 'EUR',
      themeColour: '#2a6f97',
    });
    tours = await createCategory(t.db, organisation.id, {
      slug: 'tours',
      title: { en: 'Tours', de: 'Führungen' },
    });
    boat = await createProduct(t.db, organisation.id, {
      slug: 'boat-tour',
      title: { en: 'Boat tour', de: 'Bootsfahrt' },
      description: { en: 'Through the harbour', de: 'Durch den Hafen' },
      priceCents: 1250,
      categoryId: tours.id,
    });
    await createPlot(t.db, boat.id, { capacity: 10 });
    // Outside any category, so home lists it beside the categories.
    const walk = await createProduct(t.db, organisation.id, {
      slug: 'harbour-walk',
      title: { en: 'Harbour walk', de: 'Hafenrundgang' },
      priceCents: 850,
    });
    await createPlot(t.db, walk.id, { capacity: 10 });
    // Dated, so the calendar shows it: a week ahead is inside its window (today to 60 days ahead).
    const lighthouse = await createProduct(t.db, organisation.id, {
      slug: 'lighthouse-climb',
      title: { en: 'Lighthouse climb' },
      priceCents: 900,
      hasDays: true,
    });
    const weekAhead = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await createPlot(t.db, lighthouse.id, { date: weekAhead, capacity: 10 });
    // A second dated product: one plot shown, one the shop made unselectable, one sold out.
    const night = await createProduct(t.db, organisation.id, {
      slug: 'night-cruise',
      title: { en: 'Night cruise' },
      priceCents: 1500,
      minQuantity: 2,
      hasDays: true,
      hasTimeslots: true,
    });
    const slot = { date: weekAhead, startTime: '21:00:00', endTime: '22:30:00', capacity: 10 };
    await createPlot(t.db, night.id, slot);
    await createPlot(t.db, night.id, { ...slot, startTime: '19:00:00', selectable: false });
    await createPlot(t.db, night.id, { ...slot, startTime: '23:00:00', capacity: 0 });
    await createFaqQuestion(t.db, organisation.id, {
      question: { en: 'Can I bring my dog?', de: 'Darf mein Hund mit?' },
      answer: { en: 'Dogs on a lead are welcome.' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("writes the home page's offers, with title and price, into the body", async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('Harbour walk');
    expect(root).toContain('8.50');
    expect(root).toContain('Tours');
    expect(root).toContain('Harbour Museum');
  });

  it("writes a product page's title and price into the body", async () => {
    const root = rootOf((await get(`/product/${boat.id}/boat-tour`)).body);
    expect(root).toContain('<h1');
    expect(root).toContain('Boat tour');
    expect(root).toContain('12.50');
  });

  it("paints in the shop's theme colour before any script runs", async () => {
    const html = (await get('/faq')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>:root{--kassa-theme:#2a6f97;');
  });

  it('embeds the data the page was rendered from as a JSON block', async () => {
    const data = pageDataOf((await get(`/product/${boat.id}/boat-tour`)).body);
    expect(data).toMatchObject({ language: 'en', path: `/product/${boat.id}/boat-tour` });
    expect(data?.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The day around the moment of rendering, so the browser can tell without a time-zone formatter.
    expect(data!.todayFrom).toBeLessThanOrEqual(Date.now());
    expect(data!.todayUntil).toBeGreaterThan(Date.now() - 60_000);
    const product = data?.queries.find((query) => query.key[0] === 'product');
    expect(product?.key).toEqual(['product', boat.id, 'en']);
    expect(product?.data).toMatchObject({ id: boat.id, title: 'Boat tour', price: 12.5 });
    const home = pageDataOf((await get('/')).body);
    const offers = home?.queries.find((query) => query.key[0] === 'home-products');
    expect(JSON.stringify(offers?.data)).toContain('Harbour walk');
    // The prices as the render printed them, so hydrating builds no Intl formatter (decision 0286).
    expect(home?.printed).toContainEqual(['money|en|EUR|2|8.5', '€8.50']);
  });

  it('renders a shared ?lang=de link in German', async () => {
    const html = (await get('/?lang=de')).body;
    const root = rootOf(html);
    expect(root).toContain('Hafenrundgang');
    expect(root).toContain('Führungen');
    expect(root).toContain('Kalender');
    expect(root).not.toContain('Harbour walk');
    expect(pageDataOf(html)?.language).toBe('de');
    expect(rootOf((await get(`/category/${tours.id}/tours?lang=de`)).body)).toContain('Bootsfahrt');
    expect(rootOf((await get(`/product/${boat.id}/boat-tour?lang=de`)).body)).toContain('Bootsfahrt');
    expect(rootOf((await get('/faq?lang=de')).body)).toContain('Darf mein Hund mit?');
  });

  it('renders the calendar and the FAQ', async () => {
    expect(rootOf((await get('/calendar')).body)).toContain('<h1');
    expect(rootOf((await get('/faq')).body)).toContain('Can I bring my dog?');
  });

  it("keeps of the calendar's plots only what the calendar shows (decision 0280)", async () => {
    const html = (await get('/calendar')).body;
    const plots = pageDataOf(html)?.queries.filter((query) => query.key[0] === 'calendar-plots') ?? [];
    const kept = plots.flatMap((query) => query.data as Record<string, unknown>[]);
    expect(kept).toHaveLength(2);
    // Not the whole answer of /api/products/{id}/plots (audience prices, lowest total, selectable…):
    // the page data is parsed and seeded before hydration, and those made the page several times larger.
    expect(Object.keys(kept[0]!).sort()).toEqual(['availability', 'date', 'id', 'price', 'time']);
    expect(rootOf(html)).toContain('Lighthouse climb');
    expect(rootOf(html)).toContain('Night cruise');
  });

  it("holds each product's calendar plots as the browser's own plots call would (decisions 0280, 0285)", async () => {
    const { calendarPlots } = (await import(/* @vite-ignore */ calendarPlotsModule)) as {
      calendarPlots: (plots: Plot[]) => unknown[];
    };
    const queries = pageDataOf((await get('/calendar')).body)?.queries ?? [];
    const home = queries.find((query) => query.key[0] === 'home-products')?.data as HomeProducts;
    const dated = home.products.filter((product) => product.options.days);
    const calendar = queries.filter((query) => query.key[0] === 'calendar-plots');
    // One query per dated product, under the key the browser uses: hydration asks nothing again.
    expect(calendar.map((query) => query.key[1])).toEqual(dated.map((product) => product.id));
    expect(calendar).toHaveLength(2);
    for (const query of calendar) {
      const [, id, from, until] = query.key as [string, number, string, string];
      const answer = await get(
        `/api/products/${id}/plots?filterFrom=${from}&filterUntil=${until}&orderingCol=date&orderingDir=asc`,
      );
      expect(query.data, String(id)).toEqual(calendarPlots(answer.json<Plot[]>()));
    }
  });

  it('leaves secret links and the order flow to the browser', async () => {
    for (const url of [
      `/product/${boat.id}/rebook`,
      '/rebook/0123456789abcdef0123456789abcdef',
      '/reservation/0123456789abcdef',
      '/renew/0123456789abcdef',
      '/checkout/return/0123456789abcdef',
      '/client/account',
      '/voucher-check',
    ]) {
      const html = (await get(url)).body;
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('kassa-page-data');
    }
    const asked = renderPage.mock.calls.map(([request]) => request.path);
    expect(asked).not.toContain(`/product/${boat.id}/rebook`);
    expect(asked.some((asked) => asked.startsWith('/rebook') || asked.startsWith('/checkout'))).toBe(false);
  });

  it('compresses a large rendered page, as the assets are', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/calendar',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers.vary).toContain('accept-encoding');
    const html =
      response.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(response.rawPayload).toString('utf8')
        : response.body;
    expect(pageDataOf(html)?.path).toBe('/calendar');
  });

  it('keeps a rendered page: the second view does not render again', async () => {
    const url = `/category/${tours.id}/tours`;
    const before = renderPage.mock.calls.length;
    const first = (await get(url)).body;
    const second = (await get(url)).body;
    expect(renderPage.mock.calls.length).toBe(before + 1);
    expect(second).toBe(first);
    expect(rootOf(second)).toContain('Tours');
  });
});

describe('a page rendered again with the same content', () => {
  it('is the same object as before, so its bytes are not joined and compressed again', () => {
    const keep = lastBodyKeeper(2);
    const page = (html: string) => ({ html, dataJson: '{}', headTags: '' });
    const first = keep('en /', page('<p>Boat tour</p>'));
    expect(keep('en /', page('<p>Boat tour</p>'))).toBe(first);
    const changed = page('<p>Boat tour, sold out</p>');
    expect(keep('en /', changed)).toBe(changed);
    expect(keep('en /', page('<p>Boat tour, sold out</p>'))).toBe(changed);
    // Two pages kept: a third pushes out the one changed longest ago.
    keep('en /faq', page('<p>FAQ</p>'));
    keep('en /calendar', page('<p>Calendar</p>'));
    expect(keep('en /', page('<p>Boat tour, sold out</p>'))).not.toBe(changed);
  });
});
