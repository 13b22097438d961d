import type { CheckoutReturn } from '@kassa/domain/contract/payment';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { CheckoutReturnPage } from './checkout-return-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 5000 };
const HASH = 'order-hash-9';
const STATUS = `/api/orders/${HASH}/status`;
const RESEND = `/api/orders/${HASH}/tickets/resend`;

function status(values: Partial<CheckoutReturn>): { ok: true; response: CheckoutReturn } {
  return {
    ok: true,
    response: {
      status: 'PAID',
      order: {
        reference: '48210937563',
        total: 20,
        currency: 'EUR',
        email: 'bo@acme.example',
        items: [],
      },
      canPayAgain: false,
      ticketsUrl: `/api/orders/${HASH}/tickets.pdf`,
      holdExpiresAt: null,
      openPayment: null,
      ...values,
    },
  };
}

function render() {
  renderPage(
    `/checkout/return/${HASH}`,
    '/checkout/return/:hash',
    <CheckoutReturnPage handOffPayment={() => 'redirected'} WalletButtons={() => null} />,
  );
}

describe('the return page: send my tickets again, and invoiced orders', () => {
  it('asks the server to send the tickets again and says where they go', async () => {
    const fetchMock = mockApi({ [STATUS]: status({}), [RESEND]: { ok: true } });
    render();
    const button = await screen.findByRole('button', { name: 'Send my tickets again' }, SLOW);
    await userEvent.click(button);
    expect(
      await screen.findByText(
        'Your tickets are on their way to bo@acme.example again. Please also look in your spam folder.',
      ),
    ).toBeVisible();
    const call = fetchMock.mock.calls.find(([path]) => String(path) === RESEND);
    expect(call?.[1]?.method).toBe('POST');
  }, 15_000);

  it('shows the rate limit translated when asked too often', async () => {
    mockApi({
      [STATUS]: status({}),
      [RESEND]: { status: 429, body: { ok: false, error: { code: 'RATE_LIMITED', message: 'x' } } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Send my tickets again' }, SLOW));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('offers no resend while the order has no tickets', async () => {
    mockApi({
      [STATUS]: status({ status: 'PENDING', ticketsUrl: null, holdExpiresAt: '2026-06-01T10:15:00Z' }),
    });
    render();
    await screen.findByRole('heading', { level: 1, name: 'Waiting for your payment' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Send my tickets again' })).toBeNull();
  });

  it('says an invoiced order is confirmed, not paid, with its tickets', async () => {
    mockApi({ [STATUS]: status({ status: 'INVOICED' }) });
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' }, SLOW),
    ).toBeVisible();
    expect(
      screen.getByText(/goes on your company’s invoice.*on their way to bo@acme\.example/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download tickets (PDF)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send my tickets again' })).toBeVisible();
  });

  it('says when an invoiced order’s tickets follow the payment of the invoice', async () => {
    mockApi({ [STATUS]: status({ status: 'INVOICED', ticketsUrl: null }) });
    render();
    expect(await screen.findByText(/Your tickets follow once the invoice is paid/, {}, SLOW)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download tickets (PDF)' })).toBeNull();
  });
});
