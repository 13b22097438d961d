import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDist } from '../../testing/fake-dist.ts';
import {
  createCategory,
  createFaqQuestion,
  createOrganisation,
  createPlot,
  createProduct,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Every JSON-LD block of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

describe('pages search engines and shared links understand', () => {
  let t: TestApp;
  let dist: string;
  let boat: { id: number };
  let full: { id: number };
  let hidden: { id: number };
  let invisible: { id: number };
  let members: { id: number };
  let tours: { id: number };
  let secretCategory: { id: number };

  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ STOREFRONT_DIST: dist, PUBLIC_URL: 'https://shop.example/' });
    const organisation = await createOrganisation(t.db, {
      name: 'Harbour Museum',
      defaultLanguage: 'en',
      languages: ['en', 'nl', 'de'],
      email: 'info@harbour.example',
    });
    const org = organisation.id;
    tours = await createCategory(t.db, org, {
      slug: 'tours',
      title: { en: 'Tours', nl: 'Rondleidingen', de: 'Führungen' },
      description: { en: 'All our tours' },
    });
    secretCategory = await createCategory(t.db, org, { slug: 'members', state: 'INVISIBLE' });
    boat = await createProduct(t.db, org, {
      slug: 'boat-tour',
      title: { en: 'Boat tour', nl: 'Rondvaart', de: 'Bootsfahrt' },
      description: { en: '<p>A <b>boat</b> trip &amp; more</p>', de: 'Eine Fahrt durch den Hafen' },
      priceCents: 1250,
      categoryId: tours.id,
    });
    await createPlot(t.db, boat.id, { capacity: 10 });
    full = await createProduct(t.db, org, { slug: 'full-tour', priceCents: 900 });
    await createPlot(t.db, full.id, { capacity: 0 });
    hidden = await createProduct(t.db, org, { slug: 'photo-permit', visible: false });
    await createPlot(t.db, hidden.id);
    invisible = await createProduct(t.db, org, { slug: 'link-only', state: 'INVISIBLE' });
    members = await createProduct(t.db, org, { slug: 'members-only', groupIds: [1] });
    await createProduct(t.db, org, { slug: 'draft', state: 'DRAFT' });
    await createFaqQuestion(t.db, org, {
      question: { en: 'Can I bring my dog?' },
      answer: { en: 'Dogs on a lead are <i>welcome</i>.' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("writes a product page's title, description, canonical URL and Open Graph tags from the catalogue", async () => {
    const html = (await get(`/product/${boat.id}/boat-tour`)).body;
    expect(html).toContain('<title>Boat tour – Harbour Museum</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="A boat trip &#38; more">');
    expect(html).toContain(`<link rel="canonical" href="https://shop.example/product/${boat.id}/boat-tour">`);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:title" content="Boat tour – Harbour Museum">');
    expect(html).not.toContain('name="robots"');
  });

  it("names the product's offer with price, currency and availability in JSON-LD", async () => {
    const ld = jsonLdOf((await get(`/product/${boat.id}/boat-tour`)).body);
    expect(ld.find((block) => block['@type'] === 'Organization')).toMatchObject({
      name: 'Harbour Museum',
      url: 'https://shop.example/',
      email: 'info@harbour.example',
    });
    expect(ld.find((block) => block['@type'] === 'Product')).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Boat tour',
      offers: {
        '@type': 'Offer',
        price: '12.50',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      },
    });

    const soldOut = jsonLdOf((await get(`/product/${full.id}/full-tour`)).body);
    expect(soldOut.find((block) => block['@type'] === 'Product')).toMatchObject({
      offers: { price: '9.00', availability: 'https://schema.org/SoldOut' },
    });
  });

  it('renders the page in the language of ?lang=, with hreflang alternates for every offered language', async () => {
    const html = (await get(`/product/${boat.id}/boat-tour?lang=de`)).body;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Bootsfahrt – Harbour Museum</title>');
    expect(html).toContain('content="Eine Fahrt durch den Hafen"');
    expect(html).toContain('<meta property="og:locale" content="de_DE">');
    const canonical = `https://shop.example/product/${boat.id}/boat-tour`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}?lang=de">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${canonical}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="nl" href="${canonical}?lang=nl">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${canonical}">`);
    expect(html).not.toContain('hreflang="fr"');

    const calendar = (await get('/calendar?lang=de')).body;
    expect(calendar).toContain('<title>Kalender – Harbour Museum</title>');
    // A language the shop does not offer falls back to its default.
    const french = (await get('/calendar?lang=fr')).body;
    expect(french).toContain('<html lang="en">');
    expect(french).toContain('<title>Calendar – Harbour Museum</title>');
  });

  it('marks items whose visible flag is false and unknown items noindex (docs/storefront.md §4.1)', async () => {
    const html = (await get(`/product/${hidden.id}/photo-permit`)).body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('hreflang');
    expect((await get('/product/999999/nothing')).body).toContain('<meta name="robots" content="noindex">');
    expect((await get(`/product/${boat.id}/rebook`)).body).toContain(
      '<meta name="robots" content="noindex">',
    );
    const category = (await get(`/category/${secretCategory.id}/members`)).body;
    expect(category).toContain('<meta name="robots" content="noindex">');
    const tourPage = (await get(`/category/${tours.id}/tours?lang=nl`)).body;
    expect(tourPage).toContain('<title>Rondleidingen – Harbour Museum</title>');
    expect(tourPage).not.toContain('name="robots"');
  });

  it('gives the home page and FAQ their head, with the questions as FAQPage JSON-LD', async () => {
    const home = (await get('/')).body;
    expect(home).toContain('<title>Harbour Museum</title>');
    expect(home).toContain(
      '<meta name="description" content="Book tickets, passes and gift vouchers for Harbour Museum online.">',
    );
    expect(home).toContain('<link rel="canonical" href="https://shop.example/">');

    const faq = (await get('/faq?lang=nl')).body;
    expect(faq).toContain('<title>Veelgestelde vragen – Harbour Museum</title>');
    expect(jsonLdOf(faq).find((block) => block['@type'] === 'FAQPage')).toMatchObject({
      mainEntity: [{ name: 'Can I bring my dog?', acceptedAnswer: { text: 'Dogs on a lead are welcome.' } }],
    });
  });

  it('keeps secret links without canonical or Open Graph tags', async () => {
    const html = (await get('/reservation/0123456789abcdef0123456789abcdef')).body;
    expect(html).toContain('<title>Harbour Museum</title>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
  });

  it('answers /robots.txt as text naming the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('lists published pages in /sitemap.xml and leaves noindex, link-only, group and draft items out', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://shop.example/',
      'https://shop.example/calendar',
      'https://shop.example/faq',
      `https://shop.example/category/${tours.id}/tours`,
      `https://shop.example/product/${boat.id}/boat-tour`,
      `https://shop.example/product/${full.id}/full-tour`,
    ]);
    expect(xml).not.toContain(`/product/${hidden.id}/`);
    expect(xml).not.toContain(`/product/${invisible.id}/`);
    expect(xml).not.toContain(`/product/${members.id}/`);
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="nl" href="https://shop.example/product/${boat.id}/boat-tour?lang=nl"/>`,
    );
  });
});
