import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { FieldDefinition, FieldType } from '@kassa/domain/contract/organisation';
import type { CreateOrderInput, OrderAnswer } from '@kassa/domain/contract/orders';
import type { Rebooking } from '@kassa/domain/contract/rebook';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartStore } from '@/lib/cart-store';
import { initI18n } from '@/lib/i18n';
import { rebookingStore } from '@/lib/rebooking-store';
import { aProduct, anOrganisation } from '@/testing/catalog-fixtures';
import { renderPage } from '@/testing/render-page';
import { ProductPage, ProductRebookPage } from './product-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const zooDay = {
  ...aProduct({ id: 3, title: 'Zoo day', price: 24 }),
  full: true,
  key_facts: [],
  audiences: [],
  cross_sells: [aProduct({ id: 8, title: 'Canal cruise' })],
  upsell_count: 0,
  availability: null,
  plot: null,
  options: { days: true, timeslots: true, audiences: false },
  types: { price: 'FIXED', capacity: 'PLOT' },
  allow_reservations: true,
} as ProductDetail;

function slot(id: number, start: string, seats = 10) {
  return {
    id,
    date: '2030-06-01',
    time: { start, end: null },
    price: 24,
    lowestTotalPrice: 48,
    availability: { amount: seats, percentage: 50 },
    maxOrdersReached: false,
    selectable: true,
    audiencePrices: [],
  };
}

function field(id: number, type: FieldType, name: string): FieldDefinition {
  return {
    id,
    type,
    name,
    required: true,
    sort: id,
    options: [],
    default: true,
    products: [],
    subscriptions: [],
    vouchers: [],
  };
}

const organisation = anOrganisation({
  allow_business: false,
  fields: {
    '1': field(1, 'FIRST_NAME', 'First name'),
    '2': field(2, 'LAST_NAME', 'Last name'),
    '3': field(3, 'EMAIL', 'E-mail'),
  },
  additions: [
    { id: 1, name: 'Service', amount: 0.95, type: 0 },
    { id: 2, name: 'Rebooking', amount: 2.5, type: 1 },
  ],
});

const paid: Rebooking = {
  hash: 'old-order-hash',
  secret: 'order-secret',
  product: 3,
  plot: 301,
  status: 'PAID',
  amount: 48,
  customer: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.org',
    company: null,
    vat_id: null,
    address: null,
    city: null,
    fields: {},
  },
  quantity: { product: 2, upsells: {} },
};

function answer(overrides: Partial<OrderAnswer>): OrderAnswer {
  return {
    order: { status: 'PENDING', hash: 'new-order-hash' },
    payment: { gateway: 'test', type: 'REDIRECT', hash: 'new-order-hash', transaction: false },
    invoice: false,
    priceInfo: { productPrice: 48, discount: 0, additions: 2.5 },
    ...overrides,
  };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** `credit`: what the server's simulation takes off for the booked order (min(its worth, what is due)). */
function mockShop(submitted: OrderAnswer = answer({}), credit = 48) {
  const orders: CreateOrderInput[] = [];
  const plotQueries: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/organisation') return json(200, organisation);
    if (path === '/api/products/3') return json(200, zooDay);
    if (path.startsWith('/api/products/3/plots?')) {
      plotQueries.push(decodeURIComponent(path.split('?')[1] ?? ''));
      // The booked plot's own 2 seats count as taken: 1 left, yet it stays the rebooking's.
      return json(200, [slot(301, '10:00', 1), slot(302, '14:00')]);
    }
    if (path === '/api/orders') {
      const body = JSON.parse(String(init?.body)) as CreateOrderInput;
      if (body.simulate) {
        return json(200, {
          ok: true,
          response: {
            orders: [
              answer({
                order: { status: 'SIMULATED', hash: null },
                payment: null,
                priceInfo: { productPrice: 48, discount: 0, additions: 2.5, credit },
              }),
            ],
          },
        });
      }
      orders.push(body);
      return json(200, { ok: true, response: { orders: [submitted] } });
    }
    return json(404, { ok: false, error: { code: 'NOT_FOUND' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { orders, plotQueries };
}

function renderRebook(data: Rebooking | null = paid) {
  if (data) rebookingStore.set({ data, entry: '/rebook/shop-secret?order=1042' });
  return renderPage('/product/3/rebook', '/product/:id/rebook', <ProductRebookPage />);
}

const summary = () => screen.getByRole('complementary');
const row = (label: string) => within(summary()).getByText(label).nextSibling;

async function toCustomer() {
  await screen.findByRole('heading', { level: 2, name: 'Date and time' });
  await userEvent.click(await screen.findByRole('radio', { name: '14:00' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
}

describe('product order page in rebooking mode', { timeout: 20_000 }, () => {
  it('goes home without stored rebooking data', async () => {
    mockShop();
    renderRebook(null);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('passes the quantity step with the booked quantity and preselects the booked plot, even when full', async () => {
    const { plotQueries } = mockShop();
    renderRebook();
    await screen.findByRole('heading', { level: 2, name: 'Date and time' });
    expect(await screen.findByRole('radio', { name: '10:00' })).toBeChecked();
    expect(plotQueries.at(-1)).toBe('rebookPlot=301&order[quantity]=2');
    expect(summary()).toHaveTextContent('2 × Zoo day€48.00');
    // Moving a booking onto itself changes nothing: it must move somewhere else.
    expect(screen.getByText(/This is the date and time you have booked now/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '14:00' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.queryByText(/This is the date and time you have booked now/)).toBeNull();
  });

  it('prefills the customer (e-mail editable), shows fee and credit, no cart, coupon or cross-sells', async () => {
    cartStore.set([
      {
        product: { id: 8, plot: 108, quantity: 1 },
        audiences: [],
        upsells: [],
        summary: {
          title: 'Canal cruise',
          slug: 'canal-cruise',
          when: null,
          lines: [],
          subtotalCents: 1650,
          tickets: [],
        },
      },
    ]);
    mockShop();
    renderRebook();
    await toCustomer();

    expect(await screen.findByLabelText('First name *')).toHaveValue('Ada');
    expect(screen.getByLabelText('First name *')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail *')).toHaveValue('ada@example.org');
    expect(screen.getByLabelText('E-mail *')).not.toHaveAttribute('readonly');

    const proceed = screen.getByRole('button', { name: 'Change booking' });
    await waitFor(() => expect(proceed).toBeEnabled(), { timeout: 4000 });
    expect(row('Subtotal')).toHaveTextContent('€48.00');
    expect(row('Rebooking fee')).toHaveTextContent('€2.50');
    expect(row('Already paid')).toHaveTextContent('− €48.00');
    expect(row('Total')).toHaveTextContent('€2.50');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reserve, pay later' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add more' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Redeem a coupon' })).toBeNull();
    expect(within(summary()).queryByText('Canal cruise')).toBeNull();

    // Back from the customer step goes to the plot, never to the cross-sells.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Date and time' })).toBeInTheDocument();
  });

  it('sends the rebook hash and secret and goes to the return page; the rebooking ends, the cart stays', async () => {
    const waiting = {
      product: { id: 8, plot: 108, quantity: 1 },
      audiences: [],
      upsells: [],
    };
    cartStore.set([waiting]);
    const { orders } = mockShop();
    renderRebook();
    await toCustomer();
    await userEvent.clear(await screen.findByLabelText('E-mail *'));
    await userEvent.type(screen.getByLabelText('E-mail *'), 'ada@lovelace.org');
    const proceed = screen.getByRole('button', { name: 'Change booking' });
    await waitFor(() => expect(proceed).toBeEnabled(), { timeout: 4000 });
    await userEvent.click(proceed);

    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/return/new-order-hash');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.action).toBe('pay');
    expect(orders[0]?.coupon).toEqual([]);
    expect(orders[0]?.customer).toMatchObject({ first_name: 'Ada', email: 'ada@lovelace.org' });
    expect(orders[0]?.orders).toHaveLength(1);
    expect(orders[0]?.orders[0]).toMatchObject({
      product: { id: 3, plot: 302, quantity: 2 },
      rebook: 'old-order-hash',
      rebook_secret: 'order-secret',
    });
    expect(rebookingStore.get()).toBeNull();
    expect(cartStore.get()).toEqual([waiting]);
  });

  it('words the button for a reserved order, reserves, and goes to the reservation page', async () => {
    const { orders } = mockShop(
      answer({ order: { status: 'RESERVED', hash: 'reservation-hash' }, payment: null }),
    );
    renderRebook({ ...paid, status: 'RESERVED', amount: 0 });
    await toCustomer();
    expect(within(summary()).queryByText('Already paid')).toBeNull();
    const proceed = screen.getByRole('button', { name: 'Change reservation' });
    await waitFor(() => expect(proceed).toBeEnabled(), { timeout: 4000 });
    await userEvent.click(proceed);
    expect(await screen.findByTestId('location')).toHaveTextContent('/reservation/reservation-hash');
    expect(orders[0]?.action).toBe('reserve');
  });

  it('says the difference is not refunded when the new booking costs less', async () => {
    mockShop(answer({}), 50.5);
    renderRebook({ ...paid, amount: 80 });
    await toCustomer();
    await waitFor(() => expect(row('Total')).toHaveTextContent('€0.00'), { timeout: 4000 });
    expect(row('Already paid')).toHaveTextContent('− €50.50');
    expect(summary()).toHaveTextContent('The difference is not refunded.');
  });

  it('leaves to the rebook entry page from the date step', async () => {
    mockShop();
    renderRebook();
    await screen.findByRole('radio', { name: '10:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/rebook/shop-secret');
  });

  it('picks up where it was after a reload (state in sessionStorage)', async () => {
    mockShop();
    const first = renderRebook();
    await toCustomer();
    first.unmount();
    renderPage('/product/3/rebook', '/product/:id/rebook', <ProductRebookPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    expect(await screen.findByLabelText('First name *')).toHaveValue('Ada');
    expect(screen.getByRole('complementary')).toHaveTextContent('14:00');
  });

  it('a normal product flow ends a stored rebooking', async () => {
    mockShop();
    rebookingStore.set({ data: paid, entry: '/rebook/shop-secret' });
    renderPage('/product/3/zoo-day', '/product/:id/:slug', <ProductPage />);
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    expect(rebookingStore.get()).toBeNull();
  });
});
