import type { Rebooking } from '@kassa/domain/contract/rebook';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { rebookingStore } from '@/lib/rebooking-store';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { RebookPage } from './rebook-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const rebooking: Rebooking = {
  hash: 'old-order-hash',
  secret: 'order-secret',
  product: 4,
  plot: 41,
  status: 'PAID',
  amount: 39,
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

const VALIDATE = '/api/rebook/validate';
const failure = (status: number, code: string, error_info?: string) => ({
  status,
  body: { ok: false, error: { code, error_info } },
});

function renderRebook(path = '/rebook/shop-secret') {
  return renderPage(path, '/rebook/:secret', <RebookPage />);
}

const orderField = () => screen.getByRole('textbox', { name: /^Order number/ });
const emailField = () => screen.getByRole('textbox', { name: /^E-mail address/ });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Find my booking' }));

function sentBody(fetchMock: ReturnType<typeof mockApi>): unknown {
  const call = fetchMock.mock.calls.find(([path]) => String(path) === VALIDATE);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('RebookPage', () => {
  it('asks for both the order number and the e-mail, and sends nothing without them', async () => {
    const fetchMock = mockApi({});
    renderRebook();
    await submit();
    expect(orderField()).toHaveAttribute('aria-invalid', 'true');
    expect(orderField()).toHaveAccessibleDescription(expect.stringContaining('Enter your order number.'));
    expect(emailField()).toHaveAccessibleDescription('Enter the e-mail address you booked with.');

    await userEvent.type(orderField(), '1042');
    await submit();
    expect(orderField()).not.toHaveAttribute('aria-invalid');
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    // Only the shop's items are read (to offer a gift voucher): nothing is sent for validation.
    expect(fetchMock.mock.calls.map(([path]) => path)).not.toContain(VALIDATE);
  });

  it('stores the rebooking data and opens the product flow in rebooking mode', async () => {
    const fetchMock = mockApi({ [VALIDATE]: { ok: true, response: rebooking } });
    renderRebook();
    await userEvent.type(orderField(), ' 1042 ');
    await userEvent.type(emailField(), 'ada@example.org');
    await submit();

    expect(await screen.findByTestId('location')).toHaveTextContent('/product/4/rebook');
    expect(sentBody(fetchMock)).toEqual({
      order: { id: '1042', email: 'ada@example.org' },
      secret: 'shop-secret',
      language: 'en',
    });
    expect(rebookingStore.get()).toEqual({ data: rebooking, entry: '/rebook/shop-secret' });
    // Kept in sessionStorage, so a reload of the flow finds it.
    expect(JSON.parse(sessionStorage.getItem('kassa.rebooking') ?? 'null')).toMatchObject({
      data: { hash: 'old-order-hash', secret: 'order-secret' },
    });
  });

  it('checks a link that names an order, then shows the form prefilled from the query', async () => {
    const fetchMock = mockApi({
      '/api/rebook/secret/order-secret/48210937563': { ok: true, response: { valid: true } },
      [VALIDATE]: { ok: true, response: rebooking },
    });
    renderRebook('/rebook/order-secret?order=48210937563&email=ada%40example.org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Change your booking' })).toBeInTheDocument();
    // The reference grouped as tickets print it (decision 0104).
    expect(orderField()).toHaveValue('4821 0937 563');
    expect(emailField()).toHaveValue('ada@example.org');
    await submit();
    expect(await screen.findByTestId('location')).toHaveTextContent('/product/4/rebook');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/rebook/secret/order-secret/48210937563',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(rebookingStore.get()?.entry).toBe(
      '/rebook/order-secret?order=48210937563&email=ada%40example.org',
    );
  });

  it('goes home when the link check fails', async () => {
    mockApi({ '/api/rebook/secret/wrong/1042': failure(404, 'REBOOK_SECRET_INVALID') });
    renderRebook('/rebook/wrong?order=1042');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows the translated text instead of "Rebook is not allowed", with the form again', async () => {
    mockApi({ [VALIDATE]: failure(409, 'SOMETHING_ELSE', 'Rebook is not allowed') });
    renderRebook('/rebook/shop-secret?email=ada%40example.org');
    await userEvent.type(orderField(), '1042');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking can no longer be changed.');
    expect(screen.queryByText('Rebook is not allowed')).toBeNull();
    expect(orderField()).toHaveValue('1042');
    expect(rebookingStore.get()).toBeNull();
  });

  it('says why a booking cannot be changed when the server gives the reason (the time has begun)', async () => {
    mockApi({ [VALIDATE]: failure(400, 'REBOOK_STARTED', 'Rebook is not allowed') });
    renderRebook('/rebook/shop-secret?email=ada%40example.org');
    await userEvent.type(orderField(), '1042');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The booked time has begun, so the booking can no longer be changed.',
    );
  });

  it('translates a known code and shows error_info for an unknown one', async () => {
    mockApi({ [VALIDATE]: failure(404, 'REBOOK_NOT_FOUND', 'Order not found') });
    renderRebook('/rebook/shop-secret?email=ada%40example.org');
    await userEvent.type(orderField(), '1');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find a booking with this order number and e-mail address.',
    );

    mockApi({ [VALIDATE]: failure(400, 'NO_SUCH_CODE', 'The order has more than one product') });
    await submit();
    expect(await screen.findByText('The order has more than one product')).toBeInTheDocument();
  });
});
