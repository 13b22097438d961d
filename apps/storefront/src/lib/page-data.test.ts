import { describe, expect, it } from 'vitest';
import { mayHydrate, type PageData, type VisitorState } from './page-data';

const data: PageData = {
  language: 'de',
  today: '2026-11-26',
  todayFrom: Date.parse('2026-11-25T23:00:00Z'),
  todayUntil: Date.parse('2026-11-26T23:00:00Z'),
  path: '/',
  queries: [],
};
const anonymous: VisitorState = {
  language: 'de',
  now: Date.parse('2026-11-26T22:59:59Z'),
  pathname: '/',
  search: '?lang=de&utm_source=newsletter',
  loggedIn: false,
  session: [],
};

describe('whether a server-rendered page is hydrated as it came', () => {
  it('hydrates for an anonymous visitor in the page language on its day', () => {
    expect(mayHydrate(data, anonymous)).toBe(true);
  });

  it('renders in the browser when the visitor would see another page', () => {
    expect(mayHydrate(data, { ...anonymous, language: 'en' })).toBe(false);
    expect(mayHydrate(data, { ...anonymous, now: data.todayUntil })).toBe(false);
    expect(mayHydrate(data, { ...anonymous, now: data.todayFrom - 1 })).toBe(false);
    expect(mayHydrate(data, { ...anonymous, pathname: '/faq' })).toBe(false);
    expect(mayHydrate(data, { ...anonymous, loggedIn: true })).toBe(false);
    expect(mayHydrate(data, { ...anonymous, search: '?plot=12' })).toBe(false);
    expect(mayHydrate(data, { ...anonymous, session: [['kassa.cart', '[{"product":{}}]']] })).toBe(false);
    expect(mayHydrate(data, { ...anonymous, session: [['kassa.faq.refund-sent', '1']] })).toBe(false);
  });

  it('ignores an empty cart, and the order flow of a product page on other pages', () => {
    const session: [string, string][] = [
      ['kassa.cart', '[]'],
      ['kassa.renewal', 'null'],
      ['kassa.product-flow', '{"step":"quantity"}'],
    ];
    expect(mayHydrate(data, { ...anonymous, session })).toBe(true);
    const product = { ...data, path: '/product/1/boat-tour' };
    expect(mayHydrate(product, { ...anonymous, pathname: '/product/1/boat-tour', session })).toBe(false);
  });

  it("ignores the visit's enrichment, on every page: it changes nothing a page shows", () => {
    const session: [string, string][] = [['kassa.visit-enrichment', '{"utm_source":"newsletter"}']];
    expect(mayHydrate(data, { ...anonymous, session })).toBe(true);
    const product = { ...data, path: '/product/1/boat-tour' };
    expect(mayHydrate(product, { ...anonymous, pathname: '/product/1/boat-tour', session })).toBe(true);
  });
});
