import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { aCategory, aHome, aProduct, aVoucher } from '@/testing/catalog-fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { CategoryPage } from './category-page';

const museum = aCategory({ id: 1, title: 'Museum', children: [2] });
const tours = aCategory({ id: 2, title: 'Tours', parent: 1 });
const home = aHome({
  products: [aProduct({ id: 7, title: 'Admission' }), aProduct({ id: 8, title: 'Guided tour' })],
  vouchers: [aVoucher({ id: 9, title: 'Gift card' })],
});

function answers(detail: unknown, status = 200) {
  return {
    '/api/categories': [museum, tours],
    '/api/home/products': home,
    '/api/categories/1': status === 200 ? detail : { status, body: detail },
    '/api/categories/2': { ...tours, full: true, products: [8], subscriptions: [], vouchers: [] },
  };
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('CategoryPage', () => {
  it('lists child categories and the items named by the detail, with a back link home', async () => {
    mockApi(answers({ ...museum, full: true, products: [7], subscriptions: [], vouchers: [9] }));
    renderPage('/category/1/museum', '/category/:id/:slug', <CategoryPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the category');
    expect(await screen.findByRole('heading', { level: 1, name: 'Museum' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the shop/ })).toHaveAttribute('href', '/');
    const children = screen.getByRole('region', { name: 'More categories' });
    expect(within(children).getByRole('link', { name: 'View category: Tours' })).toHaveAttribute(
      'href',
      '/category/2/tours',
    );
    const items = screen.getByRole('region', { name: 'On sale in this category' });
    expect(
      within(items)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Admission', 'Gift card']);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('links back to the parent category', async () => {
    mockApi(answers({}));
    renderPage('/category/2/tours', '/category/:id/:slug', <CategoryPage />);
    expect(await screen.findByRole('link', { name: /Back to Museum/ })).toHaveAttribute(
      'href',
      '/category/1/museum',
    );
  });

  it('asks search engines not to index an INVISIBLE category', async () => {
    mockApi(
      answers({ ...museum, state: 'INVISIBLE', full: true, products: [], subscriptions: [], vouchers: [] }),
    );
    renderPage('/category/1/museum', '/category/:id/:slug', <CategoryPage />);
    await screen.findByRole('heading', { level: 1, name: 'Museum' });
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it.each([
    ['an ARCHIVED category', answers({ ...museum, state: 'ARCHIVED', full: true })],
    ['a DRAFT category', answers({ ...museum, state: 'DRAFT', full: true })],
    ['an unknown category', answers({ ok: false, error: { code: 'NOT_FOUND' } }, 404)],
  ])('redirects %s to /', async (_name, api) => {
    mockApi(api);
    renderPage('/category/1/museum', '/category/:id/:slug', <CategoryPage />);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('redirects a malformed id to / without asking the server', async () => {
    const fetchMock = mockApi(answers({}));
    renderPage('/category/abc/museum', '/category/:id/:slug', <CategoryPage />);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(fetchMock.mock.calls.map(([path]) => path)).not.toContain('/api/categories/abc');
  });
});
