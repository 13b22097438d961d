import type { SubscriptionDetail } from '@kassa/domain/contract/catalog';
import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { FieldDefinition, FieldType } from '@kassa/domain/contract/organisation';
import type {
  CreateSubscriptionOrderInput,
  SubscriptionOrderAnswer,
} from '@kassa/domain/contract/subscription-order';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { aSubscription, anOrganisation } from '@/testing/catalog-fixtures';
import { renderPage } from '@/testing/render-page';
import { SubscriptionOrderPage } from './subscription-order-page';

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

const yearPass: SubscriptionDetail = {
  ...aSubscription({ id: 7, title: 'Year pass', price: 59 }),
  full: true,
  audiences: [
    { id: 1, name: 'Adult', description: '', price: 59, group: null, min_quantity: 0, dependant: false },
    { id: 2, name: 'Child', description: '', price: 29, group: null, min_quantity: 0, dependant: false },
  ],
  products: [],
  redemptions: -1,
  validity_days: 365,
} as SubscriptionDetail;

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

// The shop's own fee is 1.50; the server's simulation says 2.00: the summary shows the server's.
const organisation = anOrganisation({
  fields: {
    '1': field(1, 'FIRST_NAME', 'First name'),
    '2': field(2, 'LAST_NAME', 'Last name'),
    '3': field(3, 'EMAIL', 'E-mail'),
  },
  additions: [{ id: 1, name: 'Service', amount: 1.5, type: 0 }],
});

function answer(overrides: Partial<SubscriptionOrderAnswer> = {}): SubscriptionOrderAnswer {
  return {
    payment: { gateway: 'test', type: 'REDIRECT', hash: 'sub-hash', transaction: false },
    subscription: { amount: 120, subtotal: 118, discount: 0, additions: 2 },
    order: { status: 'PENDING', hash: 'sub-hash' },
    invoice: false,
    client: { id: 42, token: 'new-client-token' },
    ...overrides,
  };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface Options {
  /** Answers to real (not simulated) submissions, in turn. */
  submissions?: { status: number; body: unknown }[];
  captcha?: boolean;
  coupon?: CouponResult;
}

function mockShop(options: Options = {}) {
  const submissions = [...(options.submissions ?? [{ status: 200, body: { ok: true, response: answer() } }])];
  const orders: { body: CreateSubscriptionOrderInput; headers: Record<string, string> }[] = [];
  const simulations: CreateSubscriptionOrderInput[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/organisation')
        return json(200, { ...organisation, captcha_enabled: options.captcha ?? false });
      if (path === '/api/subscriptions/7') return json(200, yearPass);
      if (path === '/api/subscriptions/7/upsells') return json(200, []);
      if (path === '/api/coupon' && options.coupon) return json(200, { ok: true, response: options.coupon });
      if (path === '/api/subscriptions') {
        const body = JSON.parse(String(init?.body)) as CreateSubscriptionOrderInput;
        if (body.simulate) {
          simulations.push(body);
          const discount = body.coupon?.length ? 10 : 0;
          return json(200, {
            ok: true,
            response: answer({
              payment: null,
              order: { status: 'SIMULATED', hash: null },
              client: null,
              subscription: { amount: 120 - discount, subtotal: 118, discount, additions: 2 },
            }),
          });
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

function renderSubscription() {
  return renderPage('/subscription/7/year-pass', '/subscription/:id/:slug', <SubscriptionOrderPage />);
}

/** Two adults, then the customer step. */
async function toCustomerStep() {
  await screen.findByRole('heading', { level: 2, name: 'Passes' });
  const more = screen.getByRole('button', { name: 'One more: Adult' });
  await userEvent.click(more);
  await userEvent.click(more);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
}

async function fillCustomer(password = 'museum-2026') {
  await userEvent.type(await screen.findByLabelText('First name *'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name *'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('E-mail *'), 'ada@example.org');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Repeat the password/), password);
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });
const summary = () => screen.getByRole('complementary', { name: 'Your order' });
const SLOW = { timeout: 3000 };

// Whole-page flows with a debounced simulation: slower than a unit test on a busy machine.
describe('subscription order page', { timeout: 15_000 }, () => {
  it("shows the server's simulated totals and keeps Pay disabled while they are calculated (decision 0147)", async () => {
    const { simulations } = mockShop();
    renderSubscription();
    await toCustomerStep();
    // No price yet: the summary says it is coming, shows no number, and Pay waits.
    expect(within(summary()).getByRole('status')).toHaveTextContent('Calculating the price…');
    expect(payButton()).toBeDisabled();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    expect(screen.getByText('Booking fee').nextSibling).toHaveTextContent('€2.00');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('€120.00');
    // Priced with placeholders and no password: typing in the form asks the server nothing new.
    expect(simulations[0]).toMatchObject({
      simulate: true,
      customer: { first_name: '', email: '', token: null },
      audiences: { 1: { id: 1, quantity: 2 } },
    });
    expect(simulations[0]?.customer).not.toHaveProperty('password');
  });

  it('pays a new visitor with a password: one order with an Idempotency-Key, the session kept, the payment stored, the return page', async () => {
    const { orders } = mockShop();
    renderSubscription();
    await toCustomerStep();
    await fillCustomer();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    await userEvent.click(payButton());
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/return/sub-hash');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(orders[0]?.body).toMatchObject({
      customer: { first_name: 'Ada', email: 'ada@example.org', password: 'museum-2026' },
      audiences: { 1: { id: 1, quantity: 2 } },
    });
    expect(orders[0]?.body.simulate).toBeFalsy();
    expect(localStorage.getItem('kassa.client-token')).toBe('new-client-token');
    expect(JSON.parse(sessionStorage.getItem('kassa.last-payment') ?? '{}')).toMatchObject({
      hash: 'sub-hash',
      status: 'PENDING',
    });
  });

  it('Pay on an unfinished form says what is missing, the password too, and places no order (decision 0148)', async () => {
    const { orders } = mockShop();
    renderSubscription();
    await toCustomerStep();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    await userEvent.click(payButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please check 3 fields before paying:');
    expect(screen.getByLabelText('First name *')).toHaveFocus();
    expect(screen.getByText('The password must have at least 6 characters.')).toBeInTheDocument();
    expect(orders).toHaveLength(0);
  });

  it("redeems a code in the checkout's coupon modal: the server prices it, and the order sends it", async () => {
    const coupon: CouponResult = {
      type: 'COUPON',
      data: { type: 'AMOUNT', value: 10, max_ticket_amount: null, credit: null, code: 'TEN', barcode: null },
    };
    const { orders, simulations } = mockShop({ coupon });
    renderSubscription();
    await toCustomerStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem a coupon' }));
    await userEvent.type(screen.getByLabelText(/^Coupon or voucher code/), 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code TEN has been applied to your order.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText('Total').nextSibling).toHaveTextContent('€110.00'), SLOW);
    expect(screen.getByText('Discount').nextSibling).toHaveTextContent('€10.00');
    expect(summary()).toHaveTextContent('Codes: TEN');
    expect(simulations.at(-1)?.coupon).toEqual(['TEN']);
    await fillCustomer();
    await userEvent.click(payButton());
    await screen.findByTestId('location');
    expect(orders[0]?.body.coupon).toEqual(['TEN']);
  });

  it('shows the translated error of a failed order and lets the visitor try again', async () => {
    mockShop({
      submissions: [{ status: 409, body: { ok: false, error: { code: 'CLIENT_EXISTS', message: 'x' } } }],
    });
    renderSubscription();
    await toCustomerStep();
    await fillCustomer();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    await userEvent.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Your order could not be placed' });
    expect(dialog).toHaveTextContent(
      'There is already an account with this e-mail address. Please log in first.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back to your order' }));
    expect(payButton()).toBeEnabled();
  });

  it('opens the captcha on a SECURITY_ code and retries with the token and the same Idempotency-Key', async () => {
    const { orders } = mockShop({
      captcha: true,
      submissions: [
        { status: 403, body: { ok: false, error: { code: 'SECURITY_CAPTCHA_REQUIRED' } } },
        { status: 200, body: { ok: true, response: answer() } },
      ],
    });
    renderSubscription();
    await toCustomerStep();
    await fillCustomer();
    await waitFor(() => expect(payButton()).toBeEnabled(), SLOW);
    await userEvent.click(payButton());
    await screen.findByRole('dialog', { name: 'One more check' });
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/return/sub-hash');
    expect(orders).toHaveLength(2);
    expect(orders[1]?.body.captcha).toBe('solved-token');
    expect(orders[1]?.headers['Idempotency-Key']).toBe(orders[0]?.headers['Idempotency-Key']);
  });

  it('Back from the customer step keeps the passes chosen; Back from the first step goes home', async () => {
    mockShop();
    renderSubscription();
    await toCustomerStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Passes' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Adult' })).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
