import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { FieldDefinition, FieldType } from '@kassa/domain/contract/organisation';
import type { CreateOrderInput, OrderAnswer } from '@kassa/domain/contract/orders';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentOrderStore } from '@/features/product-order/hooks/flow-store';
import { cartStore, type CartOrder } from '@/lib/cart-store';
import { initI18n } from '@/lib/i18n';
import { aProduct, anOrganisation } from '@/testing/catalog-fixtures';
import { renderPage } from '@/testing/render-page';
import { ProductPage } from './product-page';

// The ALTCHA widget needs a challenge server; the test solves it with a button.
vi.mock('@/features/checkout/components/altcha-widget', () => ({
  AltchaWidget: ({ onVerified }: { onVerified: (token: string) => void }) => (
    <button type="button" onClick={() => onVerified('solved-token')}>
      Solve captcha
    </button>
  ),
}));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

function detail(overrides: Partial<ProductDetail> & { id: number; title: string }): ProductDetail {
  return {
    ...aProduct({ id: overrides.id, title: overrides.title }),
    full: true,
    key_facts: [],
    audiences: [],
    cross_sells: [],
    upsell_count: 0,
    availability: { amount: 50, percentage: 100 },
    plot: 100 + overrides.id,
    ...overrides,
  } as ProductDetail;
}

const flexTicket = detail({ id: 1, title: 'Flex ticket', price: 19.5, allow_reservations: true });
const canalCruise = detail({ id: 2, title: 'Canal cruise', price: 16.5 });
const zooDay = detail({
  id: 3,
  title: 'Zoo day',
  price: 24,
  options: { days: true, timeslots: false, audiences: false },
  types: { price: 'FIXED', capacity: 'NONE' },
  availability: null,
  plot: null,
});
const onlyZooPlot = {
  id: 300,
  date: '2030-06-01',
  time: { start: null, end: null },
  price: 24,
  lowestTotalPrice: 48,
  availability: { amount: null, percentage: null },
  maxOrdersReached: false,
  selectable: true,
  audiencePrices: [],
};

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

const fields = {
  '1': field(1, 'FIRST_NAME', 'First name'),
  '2': field(2, 'LAST_NAME', 'Last name'),
  '3': field(3, 'EMAIL', 'E-mail'),
};

function answer(overrides: Partial<OrderAnswer> = {}): OrderAnswer {
  return {
    order: { status: 'PENDING', hash: 'order-hash' },
    payment: { gateway: 'test', type: 'REDIRECT', hash: 'order-hash', transaction: false },
    invoice: false,
    priceInfo: { productPrice: 39, discount: 0, additions: 0 },
    ...overrides,
  };
}

interface Options {
  captcha?: boolean;
  invoice?: boolean;
  /** Answers to real (not simulated) submissions, in turn. */
  submissions?: { status: number; body: unknown }[];
  /** The zoo day's plots; one by default. */
  zooPlots?: (typeof onlyZooPlot)[];
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockShop(options: Options = {}) {
  const submissions = [
    ...(options.submissions ?? [{ status: 200, body: { ok: true, response: { orders: [answer()] } } }]),
  ];
  const orders: { body: CreateOrderInput; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/organisation') {
      return json(
        200,
        anOrganisation({ fields, captcha_enabled: options.captcha ?? false, allow_business: false }),
      );
    }
    if (path === '/api/products/1') return json(200, flexTicket);
    if (path === '/api/products/2') return json(200, canalCruise);
    if (path === '/api/products/3') return json(200, zooDay);
    if (path.startsWith('/api/products/3/plots?')) return json(200, options.zooPlots ?? [onlyZooPlot]);
    if (path === '/api/orders') {
      const body = JSON.parse(String(init?.body)) as CreateOrderInput;
      if (body.simulate)
        return json(200, {
          ok: true,
          response: {
            orders: [
              answer({
                order: { status: 'SIMULATED', hash: null },
                payment: null,
                invoice: options.invoice ?? false,
              }),
            ],
          },
        });
      orders.push({ body, headers: init?.headers as Record<string, string> });
      const next = submissions.shift() ?? {
        status: 500,
        body: { ok: false, error: { code: 'INTERNAL_ERROR' } },
      };
      return json(next.status, next.body);
    }
    return json(404, { ok: false, error: { code: 'NOT_FOUND' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { orders };
}

function renderProduct(path = '/product/1/flex-ticket') {
  return renderPage(path, '/product/:id/:slug', <ProductPage />);
}

async function toCustomerStep() {
  await screen.findByRole('heading', { level: 2, name: 'Tickets' });
  await userEvent.click(screen.getByRole('button', { name: 'One more: Tickets' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
}

async function fillCustomer() {
  await userEvent.type(await screen.findByLabelText('First name *'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name *'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('E-mail *'), 'ada@example.org');
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });

// Whole-page flows with a debounced simulation: slower than a unit test on a busy machine.
describe('product order page', { timeout: 15_000 }, () => {
  it('keeps Pay disabled while the server prices the order (decision 0147), then pays and goes to the return page', async () => {
    const { orders } = mockShop();
    renderProduct();
    await toCustomerStep();
    // The simulation is debounced: no price yet, so no Pay (an unready form is no reason, decision 0148).
    expect(payButton()).toBeDisabled();
    await fillCustomer();
    await waitFor(() => expect(payButton()).toBeEnabled(), { timeout: 3000 });
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('€39.00');

    await userEvent.click(payButton());
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/return/order-hash');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(orders[0]?.body.orders[0]?.product).toEqual({ id: 1, plot: 101, quantity: 2 });
    expect(JSON.parse(sessionStorage.getItem('kassa.last-payment') ?? '{}')).toMatchObject({
      hash: 'order-hash',
      status: 'PENDING',
    });
  });

  it('goes to the reservation page when the order is RESERVED', async () => {
    const reserved = answer({ order: { status: 'RESERVED', hash: 'res-hash' }, payment: null });
    const { orders } = mockShop({
      submissions: [{ status: 200, body: { ok: true, response: { orders: [reserved] } } }],
    });
    renderProduct();
    await toCustomerStep();
    await fillCustomer();
    const reserve = screen.getByRole('button', { name: 'Reserve, pay later' });
    // The shop's hold length, said beside the button and tied to it for screen readers.
    expect(reserve).toHaveAccessibleDescription(
      'Reserved places are held for 7 days; pay within that time to get your tickets.',
    );
    await waitFor(() => expect(reserve).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(reserve);
    expect(await screen.findByTestId('location')).toHaveTextContent('/reservation/res-hash');
    expect(orders[0]?.body.action).toBe('reserve');
  });

  it.each([
    [409, 'NOT_ENOUGH_CAPACITY', 'There are not enough places left for your order.'],
    [
      409,
      'PLOT_MAX_ORDERS_REACHED',
      'This date or time slot takes no more bookings. Please choose another one.',
    ],
    [
      409,
      'PAYMENT_CURRENCY_NOT_SUPPORTED',
      "This way of paying does not take this shop's currency. Please contact the shop.",
    ],
    // A payment provider outage: a 503 whose code the server passes on (decision 0051).
    [503, 'PAYMENT_GATEWAY_UNAVAILABLE', 'The payment provider could not be reached. Please try again.'],
  ])(
    'shows the translated error of a %i %s in the order-failed modal and ends loading',
    async (status, code, message) => {
      mockShop({ submissions: [{ status, body: { ok: false, error: { code, message: 'x' } } }] });
      renderProduct();
      await toCustomerStep();
      await fillCustomer();
      await waitFor(() => expect(payButton()).toBeEnabled(), { timeout: 3000 });
      await userEvent.click(payButton());
      const dialog = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
      expect(dialog).toHaveTextContent(message);
      await userEvent.click(screen.getByRole('button', { name: 'Back to your order' }));
      expect(payButton()).toBeEnabled();
    },
  );

  it('opens the captcha on a SECURITY_ code and retries with the token and the same Idempotency-Key', async () => {
    const { orders } = mockShop({
      captcha: true,
      submissions: [
        { status: 403, body: { ok: false, error: { code: 'SECURITY_CAPTCHA_REQUIRED' } } },
        { status: 200, body: { ok: true, response: { orders: [answer()] } } },
      ],
    });
    renderProduct();
    await toCustomerStep();
    await fillCustomer();
    await waitFor(() => expect(payButton()).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(payButton());
    await screen.findByRole('dialog', { name: 'One more check' });
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/return/order-hash');
    expect(orders).toHaveLength(2);
    expect(orders[1]?.body.captcha).toBe('solved-token');
    expect(orders[1]?.headers['Idempotency-Key']).toBe(orders[0]?.headers['Idempotency-Key']);
  });

  it('chooses the only plot and moves on by itself', async () => {
    mockShop();
    renderProduct('/product/3/zoo-day');
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'One more: Tickets' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByRole('complementary')).toHaveTextContent('2 × Zoo day€48.00');
    expect(JSON.parse(sessionStorage.getItem('kassa.product-flow') ?? '{}')).toMatchObject({
      order: { product: { plot: 300 } },
    });
  });

  it("starts with the calendar's Checkout plot chosen, on its day", async () => {
    const later = { ...onlyZooPlot, id: 301, date: '2030-06-05', lowestTotalPrice: 50 };
    mockShop({ zooPlots: [onlyZooPlot, later] });
    renderProduct('/product/3/zoo-day?date=2030-06-05&plot=301');
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Date and time' });
    expect(await screen.findByRole('button', { name: /5 June 2030.*selected$/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    expect(JSON.parse(sessionStorage.getItem('kassa.product-flow') ?? '{}')).toMatchObject({
      order: { product: { plot: 301 } },
    });
  });

  it('shows a total of 0 when the simulation says the order goes on invoice', async () => {
    mockShop({ invoice: true });
    renderProduct();
    await toCustomerStep();
    await fillCustomer();
    const total = await screen.findByText('Total to pay now (on invoice)', {}, { timeout: 3000 });
    expect(total.nextSibling).toHaveTextContent('€0.00');
  });
});

describe('product order page, storefront events', { timeout: 15_000 }, () => {
  it('raises the product selection and a step event for each step', async () => {
    mockShop();
    const events: unknown[] = [];
    const listen = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener('kassa:event', listen);
    renderProduct();
    await toCustomerStep();
    await waitFor(() =>
      expect(events).toEqual([
        expect.objectContaining({ event: 'select_item', selection: 'product' }),
        { event: 'kassa_step', flow: 'product', step: 'quantity' },
        { event: 'kassa_step', flow: 'product', step: 'customer' },
      ]),
    );
    window.removeEventListener('kassa:event', listen);
  });
});

describe('product order page, cart', { timeout: 15_000 }, () => {
  const waiting: CartOrder = {
    product: { id: 2, plot: 102, quantity: 1 },
    audiences: [],
    upsells: [],
    summary: {
      title: 'Canal cruise',
      slug: 'canal-cruise',
      when: null,
      lines: [{ label: 'Canal cruise', quantity: 1, amountCents: 1650 }],
      subtotalCents: 1650,
      tickets: [],
    },
  };

  it('Add more pushes the current order into the cart and goes home', async () => {
    mockShop();
    renderProduct();
    await toCustomerStep();
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
    expect(cartStore.get()).toEqual([
      expect.objectContaining({ product: { id: 1, plot: 101, quantity: 2 } }),
    ]);
    expect(cartStore.get()[0]?.summary?.subtotalCents).toBe(3900);
  });

  it('cancel pops the last cart item back as the current order, at the customer step', async () => {
    mockShop();
    cartStore.set([waiting]);
    renderProduct();
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    expect(screen.getByRole('region', { name: 'Also in your order (1)' })).toHaveTextContent('Canal cruise');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this item' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Canal cruise' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    expect(cartStore.get()).toEqual([]);
  });

  it('back from the quantity step restores the previous cart item too', async () => {
    mockShop();
    cartStore.set([waiting]);
    renderProduct();
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Canal cruise' })).toBeInTheDocument();
  });

  it('back from the quantity step with an empty cart goes home', async () => {
    mockShop();
    renderProduct();
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
  });

  it('deleting a cart item asks first, naming the order', async () => {
    mockShop();
    cartStore.set([waiting]);
    renderProduct();
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove: Canal cruise' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Do you want to remove “Canal cruise” from your order?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(cartStore.get()).toEqual([]);
  });

  it('editing a cart item takes it out of the cart as the current order', async () => {
    mockShop();
    cartStore.set([waiting]);
    renderProduct();
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'Change: Canal cruise' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Canal cruise' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tickets' })).toBeInTheDocument();
    expect(cartStore.get()).toEqual([]);
  });

  const flexWaiting: CartOrder = {
    product: { id: 1, plot: 101, quantity: 1 },
    audiences: [],
    upsells: [],
    summary: {
      title: 'Flex ticket',
      slug: 'flex-ticket',
      when: null,
      lines: [{ label: 'Flex ticket', quantity: 1, amountCents: 1950 }],
      subtotalCents: 1950,
      tickets: [],
    },
  };

  /** Two orders in the cart; the first one is opened to be changed, and changed. */
  async function editCanalCruise() {
    cartStore.set([waiting, flexWaiting]);
    renderProduct('/product/2/canal-cruise');
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'Change: Canal cruise' }));
    expect(cartStore.get()).toEqual([flexWaiting]);
    await userEvent.click(await screen.findByRole('button', { name: 'One more: Tickets' }));
    expect(currentOrderStore.get()?.order.product.quantity).toBe(2);
  }

  it('cancelling a change puts the item back as it was, and says so on the button', async () => {
    mockShop();
    await editCanalCruise();
    expect(screen.queryByRole('button', { name: 'Cancel this item' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel changes' }));
    // The cart is as it was before the change; its last order waits at the customer step (decision 0196).
    expect(await screen.findByRole('heading', { level: 1, name: 'Flex ticket' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    expect(cartStore.get()).toEqual([waiting]);
  });

  it('removing the item being changed asks first, naming it, as Remove does', async () => {
    mockShop();
    await editCanalCruise();
    await userEvent.click(screen.getByRole('button', { name: 'Remove this item' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Do you want to remove “Canal cruise” from your order?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(cartStore.get()).toEqual([flexWaiting]);
    expect(screen.getByRole('heading', { level: 1, name: 'Canal cruise' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove this item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flex ticket' })).toBeInTheDocument();
    expect(cartStore.get()).toEqual([]);
  });

  it('back from the first step of a change puts the item back as it was, also when it was the only one', async () => {
    mockShop();
    cartStore.set([waiting]);
    renderProduct();
    await screen.findByRole('heading', { level: 2, name: 'Tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'Change: Canal cruise' }));
    await userEvent.click(await screen.findByRole('button', { name: 'One more: Tickets' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Canal cruise' })).toBeInTheDocument();
    expect(currentOrderStore.get()?.order.product).toEqual(waiting.product);
  });

  it('goes home when the product cannot be loaded', async () => {
    mockShop();
    renderProduct('/product/99/nothing');
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
  });
});
