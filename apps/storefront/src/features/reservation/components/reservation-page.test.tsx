import type { Payment } from '@kassa/domain/contract/orders';
import type { Reservation } from '@kassa/domain/contract/reservation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handOffPayment } from '@/features/checkout/utils/hand-off-payment';
import { initI18n } from '@/lib/i18n';
import { anOrganisation } from '@/testing/catalog-fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import type { ReservationParts } from './reservation-parts';
import { ReservationPage } from './reservation-page';

vi.mock('@/features/checkout/utils/hand-off-payment', () => ({ handOffPayment: vi.fn(() => 'redirected') }));
vi.mock('@/features/checkout/components/paypal-buttons', () => ({
  PayPalButtons: ({ amount, orderNumber }: { amount: string; orderNumber: string }) => (
    <p data-testid="wallet">{`paypal ${amount} ${orderNumber}`}</p>
  ),
}));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

// The first answer waits for the contract schema, loaded on demand in tests: allow a busy machine.
const SLOW = { timeout: 5000 };
const HASH = 'reservation-hash';
const PATH = `/api/reservation/${HASH}`;

function aReservation(values: Partial<Reservation> = {}): Reservation {
  return {
    reservation: { id: 42, reference: '48210937563', customer: { email: 'ada@example.test' } },
    hash: HASH,
    order_hash: 'order-hash',
    status: 'RESERVED',
    customer: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      company: null,
      vat_id: null,
      address: null,
      city: null,
      fields: {},
    },
    product: {
      id: 7,
      slug: 'evening-show',
      title: 'Evening show',
      description: 'An evening of theatre.',
      image: null,
      quantity: 3,
      discount: 0,
      price: 37,
      plot: { id: 9, date: '2026-06-10', time: { start: '20:00', end: '22:00' } },
      audiences: [
        { id: 1, name: 'Adult', quantity: 2, price: 15 },
        { id: 2, name: 'Child', quantity: 1, price: 7 },
      ],
      unit_price: 15,
      types: { price: 'AUDIENCE' },
    },
    upsells: [{ id: 5, title: 'Programme', quantity: 1, price: 2.5 }],
    additional_reservations: [],
    expiration_date: '2026-06-08T10:00:00.000Z',
    hold_days: 7,
    allow_changes: true,
    rebooking_secret: 'order-secret',
    coupons: [],
    prices: { subtotal: 39.5, discount: 0, additions: [{ name: 'Booking fee', amount: 1.5 }], total: 41 },
    currency: 'EUR',
    ...values,
  };
}

function render(parts: Partial<ReservationParts> = {}) {
  const payment: Payment = {
    gateway: 'test',
    type: 'REDIRECT',
    hash: 'pay-1',
    transaction: { response: { url: '/pay/test/pay-1' } },
  };
  const slots: ReservationParts = {
    getPayment: vi.fn(async () => payment),
    ...parts,
  };
  renderPage(`/reservation/${HASH}`, '/reservation/:hash', <ReservationPage parts={slots} />);
  return slots;
}

describe('ReservationPage', () => {
  it('shows the confirmation, the details and the side panel with the server totals', async () => {
    mockApi({ [PATH]: { ok: true, response: aReservation() }, '/api/organisation': anOrganisation() });
    render();
    expect(await screen.findByText(/Your places are reserved/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/We hold them for 7 days/)).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Reserved' });
    expect(within(panel).getByRole('heading', { level: 3, name: 'Evening show' })).toBeInTheDocument();
    expect(within(panel).getByText('2 × Adult')).toBeInTheDocument();
    expect(within(panel).getByText('1 × Programme')).toBeInTheDocument();
    expect(within(panel).getByText('Booking fee')).toBeInTheDocument();
    expect(within(panel).getByText('€41.00')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Change reservation' })).toHaveAttribute(
      'href',
      '/rebook/order-secret?order=48210937563&email=ada%40example.test',
    );
  });

  it('offers no change button for more than one reserved item, and no edit once closed', async () => {
    const reservation = aReservation({
      status: 'PAID',
      allow_changes: false,
      rebooking_secret: null,
      additional_reservations: [{ product: aReservation().product, upsells: [] }],
    });
    mockApi({ [PATH]: { ok: true, response: reservation }, '/api/organisation': anOrganisation() });
    render();
    expect(await screen.findByText(/has been paid/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change reservation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('edits the details: cancel restores, an empty name is refused, save sends PATCH and says so', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      [PATH]: { ok: true, response: aReservation() },
      '/api/organisation': anOrganisation(),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }, SLOW));
    await user.clear(screen.getByLabelText(/^Last name/));
    await user.type(screen.getByLabelText(/^Last name/), 'Byron');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Lovelace');
    await user.clear(screen.getByLabelText(/^Last name/));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fill in your first name, last name and a valid e-mail address.',
    );

    await user.type(screen.getByLabelText(/^Last name/), 'King');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      customer: { ...aReservation().customer, last_name: 'King' },
    });
  });

  it('shows the server error of a refused edit, translated', async () => {
    const user = userEvent.setup();
    const closed = { status: 409, body: { ok: false, error: { code: 'RESERVATION_CLOSED' } } };
    const answers: Record<string, unknown> = {
      [PATH]: { ok: true, response: aReservation() },
      '/api/organisation': anOrganisation(),
    };
    const fetchMock = mockApi(answers);
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }, SLOW));
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(closed.body), { status: 409 }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reservation has been paid or has expired and can no longer be changed.',
    );
  });

  it('shows a failed load in a modal with the translated code', async () => {
    mockApi({
      [PATH]: { status: 404, body: { ok: false, error: { code: 'RESERVATION_NOT_FOUND' } } },
      '/api/organisation': anOrganisation(),
    });
    render();
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog).toHaveTextContent(
      'We could not find this reservation. Please use the link from your e-mail.',
    );
  });

  it('pays: the checkout step loads the payment by the reservation hash and hands it off', async () => {
    const user = userEvent.setup();
    mockApi({ [PATH]: { ok: true, response: aReservation() }, '/api/organisation': anOrganisation() });
    const slots = render();
    await user.click(await screen.findByRole('button', { name: 'Pay now' }, SLOW));
    expect(screen.getByRole('heading', { level: 2, name: 'Checkout' })).toBeInTheDocument();
    await vi.waitFor(() => expect(handOffPayment).toHaveBeenCalledTimes(1));
    expect(vi.mocked(slots.getPayment).mock.calls[0]?.[0]).toBe(HASH);
  });

  it("shows the wallet's buttons in the checkout step for a PayPal payment", async () => {
    const user = userEvent.setup();
    mockApi({ [PATH]: { ok: true, response: aReservation() }, '/api/organisation': anOrganisation() });
    const wallet: Payment = {
      gateway: 'paypal',
      type: 'CUSTOM',
      hash: 'pay-2',
      transaction: { response: { orderId: 'PAYPAL-1', clientId: 'client' } },
    };
    render({ getPayment: vi.fn(async () => wallet) });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }, SLOW));
    expect(await screen.findByTestId('wallet')).toHaveTextContent('paypal €41.00 4821 0937 563');
  });
});
