import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import type { FieldDefinition, FieldType } from '@kassa/domain/contract/organisation';
import type { Rebooking } from '@kassa/domain/contract/rebook';
import type { CreateVoucherOrderInput, VoucherOrderAnswer } from '@kassa/domain/contract/voucher-orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { rebookingStore } from '@/lib/rebooking-store';
import { aVoucher, anOrganisation } from '@/testing/catalog-fixtures';
import { renderPage } from '@/testing/render-page';
import { VoucherOrderPage } from './voucher-order-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  rebookingStore.set(null);
});

const giftCard: VoucherDetail = {
  ...aVoucher({ id: 5, title: 'Gift card', price: 25 }),
  full: true,
  values: [
    { id: 51, name: '€25 card', description: '', price: 25, availability: null },
    { id: 52, name: '€100 card', description: '', price: 100, availability: null },
  ],
  min_quantity: 1,
  max_quantity: null,
  settings: { show_end_time: false },
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

// The shop's own fee is 0.95; the server's simulation says 1.50: the summary shows the server's.
const organisation = anOrganisation({
  fields: {
    '1': field(1, 'FIRST_NAME', 'First name'),
    '2': field(2, 'LAST_NAME', 'Last name'),
    '3': field(3, 'EMAIL', 'E-mail'),
  },
  additions: [{ id: 1, name: 'Service', amount: 0.95, type: 0 }],
});

function answer(overrides: Partial<VoucherOrderAnswer> = {}): VoucherOrderAnswer {
  return {
    order: { status: 'PENDING', hash: 'voucher-hash', invoice: false },
    payment: { gateway: 'test', type: 'REDIRECT', hash: 'voucher-hash', transaction: false },
    priceInfo: { productPrice: 125, discount: 0, additions: 1.5, total: 126.5 },
    ...overrides,
  };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockShop(
  options: { submissions?: { status: number; body: unknown }[]; simulated?: VoucherOrderAnswer } = {},
) {
  const submissions = [...(options.submissions ?? [{ status: 200, body: { ok: true, response: answer() } }])];
  const orders: { body: CreateVoucherOrderInput; headers: Record<string, string> }[] = [];
  const simulations: CreateVoucherOrderInput[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/organisation') return json(200, organisation);
      if (path === '/api/vouchers/5') return json(200, giftCard);
      if (path === '/api/vouchers') {
        const body = JSON.parse(String(init?.body)) as CreateVoucherOrderInput;
        if (body.simulate) {
          simulations.push(body);
          const simulated =
            options.simulated ??
            answer({ payment: null, order: { status: 'SIMULATED', hash: null, invoice: false } });
          return json(200, { ok: true, response: simulated });
        }
        orders.push({ body, headers: init?.headers as Record<string, string> });
        const next = submissions.shift() ?? {
          status: 500,
          body: { ok: false, error: { code: 'INTERNAL_ERROR' } },
        };
        return json(next.status, next.body);
      }
      return json(404, { ok: false, error: { code: 'NOT_FOUND' } });
    }),
  );
  return { orders, simulations };
}

function renderVoucher(path = '/voucher/5/gift-card') {
  return renderPage(path, '/voucher/:id/:slug', <VoucherOrderPage />);
}

/** One of each value, then the customer step. */
async function toCustomerStep() {
  await screen.findByRole('heading', { level: 2, name: 'Values' });
  await userEvent.click(screen.getByRole('button', { name: 'One more: €25 card' }));
  await userEvent.click(screen.getByRole('button', { name: 'One more: €100 card' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
}

async function fillCustomer() {
  await userEvent.type(await screen.findByLabelText('First name *'), 'Grace');
  await userEvent.type(screen.getByLabelText('Last name *'), 'Hopper');
  await userEvent.type(screen.getByLabelText('E-mail *'), 'grace@example.org');
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });
const summary = () => screen.getByRole('complementary', { name: 'Your order' });
const SLOW = { timeout: 3000 };

// Whole-page flows with a debounced simulation: slower than a unit test on a busy machine.
describe('voucher order page', { timeout: 15_000 }, () => {
  it("shows the server's simulated totals before the form is filled in, and Pay waits for them (decision 0147)", async () => {
    const { simulations } = mockShop();
    renderVoucher();
    await toCustomerStep();
    expect(within(summary()).getByRole('status')).toHaveTextContent('Calculating the price…');
    expect(payButton()).toBeDisabled();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('€125.00');
    expect(screen.getByText('Booking fee').nextSibling).toHaveTextContent('€1.50');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('€126.50');
    // Priced with placeholders: the form is not needed for the price.
    expect(simulations[0]).toMatchObject({
      simulate: true,
      customer: { first_name: '', email: '', token: null },
      voucher: { id: 5, quantity: 2 },
      values: [
        { id: 51, quantity: 1 },
        { id: 52, quantity: 1 },
      ],
    });
  });

  it('shows a total of 0 when the simulation says the order goes on invoice', async () => {
    mockShop({
      simulated: answer({
        payment: null,
        order: { status: 'SIMULATED', hash: null, invoice: true },
        priceInfo: { productPrice: 125, discount: 0, additions: 1.5, total: 0 },
      }),
    });
    renderVoucher();
    await toCustomerStep();
    const total = await screen.findByText('Total to pay now (on invoice)', {}, SLOW);
    expect(total.nextSibling).toHaveTextContent('€0.00');
  });

  it('pays: one order with an Idempotency-Key, the payment stored, the return page', async () => {
    const { orders } = mockShop();
    renderVoucher();
    await toCustomerStep();
    await fillCustomer();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    await userEvent.click(payButton());
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/return/voucher-hash');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(orders[0]?.body).toMatchObject({
      voucher: { id: 5, quantity: 2 },
      customer: { first_name: 'Grace', email: 'grace@example.org' },
    });
    expect(orders[0]?.body.simulate).toBeUndefined();
    expect(JSON.parse(sessionStorage.getItem('kassa.last-payment') ?? '{}')).toMatchObject({
      hash: 'voucher-hash',
      status: 'PENDING',
    });
  });

  it('Pay on an empty form says what is missing and places no order (decision 0148)', async () => {
    const { orders } = mockShop();
    renderVoucher();
    await toCustomerStep();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    await userEvent.click(payButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please check 3 fields before paying:');
    expect(screen.getByLabelText('First name *')).toHaveFocus();
    expect(orders).toHaveLength(0);
  });

  it('shows the translated error of a failed order and lets the visitor try again', async () => {
    mockShop({
      submissions: [
        { status: 409, body: { ok: false, error: { code: 'NOT_ENOUGH_CAPACITY', message: 'x' } } },
      ],
    });
    renderVoucher();
    await toCustomerStep();
    await fillCustomer();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    await userEvent.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    expect(dialog).toHaveTextContent('There are not enough places left for your order.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to your order' }));
    expect(payButton()).toBeEnabled();
  });

  it('Back and Continue keep the values; Back from the values goes home', async () => {
    mockShop();
    renderVoucher();
    await toCustomerStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Values' })).toHaveFocus();
    expect(screen.getByRole('group', { name: '€100 card' })).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('voucher order page, a booking turned into a voucher (decision 0112)', { timeout: 15_000 }, () => {
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
  const converted = answer({
    order: { status: 'PAID', hash: 'voucher-hash', invoice: false },
    payment: { gateway: 'test', type: 'REDIRECT', hash: 'voucher-hash', transaction: false },
    priceInfo: { productPrice: 48, discount: 0, additions: 0, total: 0, credit: 48 },
  });

  it("starts at the customer step with the booking's worth, credited by the server; sends the link and ends the rebooking", async () => {
    rebookingStore.set({ data: paid, entry: '/rebook/secret?order=1' });
    const { orders, simulations } = mockShop({
      submissions: [{ status: 200, body: { ok: true, response: converted } }],
      simulated: { ...converted, order: { status: 'SIMULATED', hash: null, invoice: false }, payment: null },
    });
    renderVoucher('/voucher/5/gift-card?rebook');
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    expect(summary()).toHaveTextContent('1 × Credit for your booking€48.00');
    await waitFor(
      () => expect(screen.getByText('Already paid').nextSibling).toHaveTextContent('€48.00'),
      SLOW,
    );
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('€0.00');
    expect(simulations[0]).toMatchObject({ rebook: 'old-order-hash', rebook_secret: 'order-secret' });
    // The booking's customer is prefilled.
    expect(screen.getByLabelText('E-mail *')).toHaveValue('ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Change booking' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/return/voucher-hash');
    expect(orders[0]?.body).toMatchObject({ rebook: 'old-order-hash', rebook_secret: 'order-secret' });
    expect(rebookingStore.get()).toBeNull();
  });

  it('Back leaves for the rebooking entry page', async () => {
    rebookingStore.set({ data: paid, entry: '/rebook/secret' });
    mockShop();
    renderVoucher('/voucher/5/gift-card?rebook');
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/rebook/secret');
  });
});
