import type { Payment } from '@kassa/domain/contract/orders';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import type { PayPalButtonsOptions } from '../utils/load-paypal-sdk';
import { PayPalButtons } from './paypal-buttons';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.paypal;
  document.head.innerHTML = '';
});

const payment: Payment = {
  gateway: 'paypal',
  type: 'CUSTOM',
  hash: 'pay-1',
  transaction: { response: { orderId: 'PP-ORDER-1', clientId: 'client-abc', currency: 'EUR' } },
};

/** Stands in for PayPal's SDK once its script "loads": one button that approves. */
function loadFakeSdk(): { orders: unknown[] } {
  const seen: { orders: unknown[] } = { orders: [] };
  window.paypal = {
    Buttons: (options: PayPalButtonsOptions) => ({
      async render(container: HTMLElement) {
        seen.orders.push(await options.createOrder());
        const button = document.createElement('button');
        button.textContent = 'PayPal';
        button.addEventListener('click', () => void options.onApprove());
        container.append(button);
      },
    }),
  };
  const script = document.head.querySelector<HTMLScriptElement>(
    'script[src^="https://www.paypal.com/sdk/js"]',
  );
  script?.dispatchEvent(new Event('load'));
  return seen;
}

describe('PayPalButtons', () => {
  it('loads the SDK on demand in EUR, shows the buttons under a title, and captures on the server on approval', async () => {
    const fetchMock = mockApi({
      '/api/payments/paypal/capture': { ok: true, response: { status: 'PAID', hash: 'order-1' } },
    });
    const onDone = vi.fn();
    renderPage(
      '/checkout/return/pay-1',
      '/checkout/return/pay-1',
      <PayPalButtons payment={payment} amount="€37.00" orderNumber="4821 0937 563" onDone={onDone} />,
    );
    expect(screen.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
    expect(screen.getByText(/Pay €37\.00 for order 4821 0937 563/)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading PayPal…');
    const script = document.head.querySelector<HTMLScriptElement>(
      'script[src^="https://www.paypal.com/sdk/js"]',
    )!;
    const query = new URL(script.src).searchParams;
    expect(query.get('client-id')).toBe('client-abc');
    expect(query.get('currency')).toBe('EUR');

    const seen = loadFakeSdk();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(seen.orders).toEqual(['PP-ORDER-1']);
    expect(await screen.findByTestId('location')).toHaveTextContent('/checkout/return/order-1');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/payments/paypal/capture',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ hash: 'pay-1' }) }),
    );
    expect(onDone).toHaveBeenCalled();
  });

  it('says so when the SDK cannot load', async () => {
    renderPage(
      '/r',
      '/r',
      <PayPalButtons
        payment={{ ...payment, transaction: { response: { orderId: 'PP-2', clientId: 'client-fails' } } }}
        amount="€1.00"
        orderNumber="4821 0937 563"
        onDone={() => undefined}
      />,
    );
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="client-fails"]')!;
    script.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('PayPal could not be loaded');
  });
});
