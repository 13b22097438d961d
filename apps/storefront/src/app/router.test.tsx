import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@/lib/router/router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import { initI18n } from '@/lib/i18n';
import { aCategory, aFaq, aHome, anOrganisation, aProduct } from '@/testing/catalog-fixtures';
import { mockApi } from '@/testing/mock-api';
import { AppRoutes } from './router';

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const shop = {
  '/api/organisation': anOrganisation({ name: 'Test Museum' }),
  '/api/home/products': aHome({ products: [aProduct({ id: 1, title: 'Admission' })] }),
  '/api/categories': [aCategory({ id: 10, title: 'Days out' })],
  '/api/faq': aFaq(),
};

beforeAll(async () => {
  await initI18n('en');
  // Warm the lazy page modules: their first transform under vitest is slow on a busy machine,
  // and these tests are about which page a path shows, not about load time.
  await Promise.all([
    import('@/features/home/components/home-page'),
    import('@/features/category/components/category-page'),
    import('./routes/not-found-page'),
    import('./routes/fallback-page'),
  ]);
}, 60_000);
afterEach(() => vi.unstubAllGlobals());

describe('routes of docs/storefront.md §2.1', () => {
  it('keeps a document title while a page is still loading its code', async () => {
    mockApi(shop);
    document.head.querySelectorAll('title').forEach((title) => title.remove());
    renderAt('/calendar');
    // The calendar's module is not loaded yet: the layout's fallback is showing, with a title
    // (axe's document-title rule failed on a page between two lazy routes without one).
    expect(screen.getByText(en.app.page_loading)).toBeInTheDocument();
    expect(document.head.querySelector('title')?.textContent).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: en.calendar.title }, { timeout: 30_000 }),
    ).toBeInTheDocument();
  });

  it('renders the layout landmarks with a skip link to main', async () => {
    mockApi(shop);
    renderAt('/');
    expect(screen.getByRole('link', { name: en.app.skip_to_content })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Test Museum' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows /404 with its title and subtitle', async () => {
    mockApi(shop);
    renderAt('/404');
    expect(await screen.findByRole('heading', { level: 1, name: en.not_found.title })).toBeInTheDocument();
    expect(screen.getByText(en.not_found.subtitle)).toBeInTheDocument();
  });

  it('shows the fallback page for a path not in the table', async () => {
    mockApi(shop);
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: en.fallback.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.fallback.home })).toHaveAttribute('href', '/');
  });

  // Later issues replace the placeholders, so this pins only that each path
  // has its own page (a heading that is not the fallback's), not its content.
  it.each([
    '/faq',
    '/calendar',
    '/product/1/admission',
    '/product/1/rebook',
    '/subscription/2/pass',
    '/voucher/3/gift',
    '/voucher-check',
    '/rebook/secret',
    '/renew/hash',
    '/reservation/hash',
    '/checkout/return/hash',
    '/client/login',
  ])('routes %s to a page of its own', async (path) => {
    mockApi(shop);
    renderAt(path);
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(heading).not.toHaveTextContent(en.fallback.title);
  });

  it('sends an unknown category home, inside the layout', async () => {
    mockApi(shop);
    renderAt('/category/999/nothing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Museum' })).toBeInTheDocument();
    expect(screen.queryByText(en.error_boundary.title)).toBeNull();
  });

  it('says on home that the category or product an old link named is gone (decision 0197)', async () => {
    for (const [path, words] of [
      ['/category/999/nothing', en.gone.category],
      ['/product/999/nothing', en.gone.product],
    ] as const) {
      mockApi(shop);
      const { unmount } = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Test Museum' })).toBeInTheDocument();
      expect(await screen.findByRole('status', { name: '' }, { timeout: 10_000 })).toHaveTextContent(words);
      unmount();
    }
  });

  it('does not call an item gone when the shop could not be reached', async () => {
    mockApi({
      ...shop,
      '/api/products/5': { status: 503, body: { ok: false, error: { code: 'INTERNAL_ERROR' } } },
    });
    renderAt('/product/5/boat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Museum' })).toBeInTheDocument();
    expect(screen.queryByText(en.gone.product)).toBeNull();
  });
});

describe('layout', () => {
  it('survives a scrollTo that returns a promise (newer Chromium) when the page changes', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => Promise.resolve() as unknown as void);
    mockApi(shop);
    renderAt('/category/999/nothing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Test Museum' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('moves focus to main after a navigation, not on the first page', async () => {
    mockApi(shop);
    renderAt('/404');
    const home = await screen.findByRole('link', { name: en.not_found.home });
    expect(screen.getByRole('main')).not.toHaveFocus();
    await userEvent.click(home);
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Museum' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
