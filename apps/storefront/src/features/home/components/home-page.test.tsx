import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { clearCart, pushCartOrder } from '@/lib/cart-store';
import { initI18n } from '@/lib/i18n';
import { endRenewal, startRenewal } from '@/lib/renewal-store';
import en from '@/locales/en.json';
import { EVENT_NAME } from '@/lib/storefront-events';
import {
  aCategory,
  aFaq,
  aHome,
  anOrganisation,
  aProduct,
  aSubscription,
  aVoucher,
} from '@/testing/catalog-fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { HomePage } from './home-page';

const answers = {
  '/api/organisation': anOrganisation({ name: 'Test Museum' }),
  '/api/home/products': aHome({
    products: [
      aProduct({ id: 1, title: 'Admission', price: 17.5 }),
      aProduct({ id: 2, title: 'Zoo day', category: 10 }),
    ],
    subscriptions: [aSubscription({ id: 3, title: 'Year pass' })],
    vouchers: [aVoucher({ id: 4, title: 'Gift card', label: 'Gift idea' })],
  }),
  '/api/categories': [aCategory({ id: 10, title: 'Days out' })],
  '/api/faq': aFaq(),
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => clearCart());
afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('opens with the shop’s hero: its headline as the page heading, its text and picture', async () => {
    mockApi({
      ...answers,
      '/api/organisation': anOrganisation({
        name: 'Test Museum',
        hero: { title: 'Art for a day', text: 'Book online, walk straight in.', image: '/media/hero.svg' },
      }),
    });
    const { container } = renderPage('/', '/', <HomePage />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Art for a day' });
    expect(screen.getByText('Test Museum')).toBeInTheDocument();
    expect(screen.getByText('Book online, walk straight in.')).toBeInTheDocument();
    const image = container.querySelector('.kassa-hero img')!;
    expect(image.getAttribute('src')).toBe('/media/hero.svg');
    // Its box is sized before the file arrives (no layout shift).
    expect(image.getAttribute('width')).toBe('1600');
    expect(image.getAttribute('height')).toBe('640');
    // The hero comes before the offers.
    const offers = screen.getByRole('region', { name: 'On sale' });
    expect(heading.compareDocumentPosition(offers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('announces loading, then shows uncategorised items and the top-level categories', async () => {
    mockApi(answers);
    renderPage('/', '/', <HomePage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the shop');

    expect(await screen.findByRole('heading', { level: 1, name: 'Test Museum' })).toBeInTheDocument();
    const offers = screen.getByRole('region', { name: 'On sale' });
    expect(
      within(offers)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Admission', 'Year pass', 'Gift card']);
    expect(within(offers).getByRole('link', { name: 'Book now: Admission' })).toHaveAttribute(
      'href',
      '/product/1/admission',
    );
    expect(within(offers).getByText('€17.50')).toBeInTheDocument();
    expect(within(offers).getByText('Gift idea')).toBeInTheDocument();
    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'View category: Days out' })).toHaveAttribute(
      'href',
      '/category/10/days-out',
    );
  });

  it('hides subscriptions and vouchers while the cart holds a product', async () => {
    pushCartOrder({ product: { id: 1, plot: 5, quantity: 2 }, audiences: [], upsells: [] });
    mockApi(answers);
    renderPage('/', '/', <HomePage />);
    await screen.findByRole('heading', { level: 1, name: 'Test Museum' });
    expect(screen.getByText('Admission')).toBeInTheDocument();
    expect(screen.queryByText('Year pass')).toBeNull();
    expect(screen.queryByText('Gift card')).toBeNull();
  });

  it('waits for the client groups of a logged-in client before showing anything', async () => {
    localStorage.setItem('kassa.client-token', 'token-1');
    let releaseGroups: (groups: unknown) => void = () => {};
    const fetchMock = mockApi({
      ...answers,
      '/api/client': {
        id: 42,
        name: { first: 'Ada', last: 'Lovelace' },
        email: 'ada@example.com',
        company: null,
        address: null,
        city: null,
        vat_id: null,
        token: 'token-1',
        fields: [],
        subscriptions: [],
      },
      '/api/groups/42': { wait: new Promise((resolve) => (releaseGroups = resolve)) },
    });
    renderPage('/', '/', <HomePage />);
    await waitFor(() => expect(fetchMock.mock.calls.map(([path]) => path)).toContain('/api/groups/42'));
    // Everything else has answered; the groups have not, so home still shows its loading state.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the shop');

    releaseGroups([{ id: 1, name: 'Members' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Museum' })).toBeInTheDocument();
    const clientCall = fetchMock.mock.calls.find(([path]) => path === '/api/client');
    expect(new Headers(clientCall?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('in renewal mode hides products and marks the renewed subscription as current', async () => {
    startRenewal({ hash: 'renew-hash', subscriptionId: 3, expiration: null, passes: [] });
    mockApi(answers);
    renderPage('/', '/', <HomePage />);
    await screen.findByRole('heading', { level: 1, name: 'Test Museum' });
    expect(screen.getByText(en.home.renewal_notice)).toBeInTheDocument();
    expect(screen.queryByText('Admission')).toBeNull();
    const card = screen.getByRole('heading', { level: 3, name: 'Year pass' }).closest('article')!;
    expect(within(card).getByText(en.item.current)).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: `${en.item.renew_subscription}: Year pass` }),
    ).toBeInTheDocument();
    // Renewal is a flat list: no category cards.
    expect(screen.queryByRole('region', { name: en.home.categories })).toBeNull();
    endRenewal();
  });

  it('shows the translated error and a retry when the shop cannot load', async () => {
    mockApi({
      ...answers,
      '/api/home/products': { status: 503, body: { ok: false, error: { code: 'SHOP_NOT_CONFIGURED' } } },
    });
    renderPage('/', '/', <HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This shop has not been set up yet.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('raises a selection event when a card is chosen', async () => {
    mockApi(answers);
    const events: unknown[] = [];
    const listen = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(EVENT_NAME, listen);
    renderPage('/', '/', <HomePage />);
    await userEvent.click(await screen.findByRole('link', { name: 'Buy a voucher: Gift card' }));
    window.removeEventListener(EVENT_NAME, listen);
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'select_item',
        selection: 'voucher',
        ecommerce: expect.objectContaining({
          items: [expect.objectContaining({ item_id: '4', item_name: 'Gift card' })],
        }),
      }),
    );
  });
});
