import type { Payment } from '@kassa/domain/contract/orders';
import type { CheckoutReturn } from '@kassa/domain/contract/payment';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import {
  CheckoutReturnPage,
  type CheckoutReturnSlots,
  type WalletButtonsProps,
} from './checkout-return-page';

beforeAll(async () => {
  await initI18n('en');
});

// The first answer waits for the contract schema, loaded on demand in tests: allow a busy machine.
const SLOW = { timeout: 5000 };
afterEach(() => vi.unstubAllGlobals());

const HASH = 'order-hash-1';
const STATUS = `/api/orders/${HASH}/status`;

function answer(values: Partial<CheckoutReturn>): { ok: true; response: CheckoutReturn } {
  return {
    ok: true,
    response: {
      status: 'PENDING',
      order: {
        reference: '48210937563',
        total: 37,
        currency: 'EUR',
        email: 'ada@example.test',
        items: [{ title: 'Evening show', date: '2026-06-10', time: '20:00 – 22:00', quantity: 3 }],
      },
      canPayAgain: false,
      ticketsUrl: null,
      holdExpiresAt: '2026-06-01T10:15:00Z',
      openPayment: null,
      ...values,
    },
  };
}

function WalletStub({ payment, amount, orderNumber }: WalletButtonsProps) {
  return <p data-testid="wallet">{`${payment.gateway} ${amount} ${orderNumber}`}</p>;
}

function render(slots: Partial<CheckoutReturnSlots> = {}) {
  const handOffPayment = vi.fn<CheckoutReturnSlots['handOffPayment']>(() => 'redirected');
  renderPage(
    `/checkout/return/${HASH}`,
    '/checkout/return/:hash',
    <CheckoutReturnPage handOffPayment={handOffPayment} WalletButtons={WalletStub} {...slots} />,
  );
  return { handOffPayment };
}

describe('CheckoutReturnPage', () => {
  it('shows a paid order with its summary and the tickets download', async () => {
    mockApi({
      [STATUS]: answer({
        status: 'PAID',
        ticketsUrl: `/api/orders/${HASH}/tickets.pdf`,
        holdExpiresAt: null,
      }),
    });
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you, your order is paid' }, SLOW),
    ).toBeVisible();
    expect(screen.getByText(/on their way to ada@example\.test/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download tickets (PDF)' })).toHaveAttribute(
      'href',
      `/api/orders/${HASH}/tickets.pdf`,
    );
    // The public reference, grouped, never the internal number (decision 0104).
    expect(screen.getByText('Order number 4821 0937 563')).toBeVisible();
    // Without a receipt (an answer of an older server) the items are listed; dates come only with the receipt.
    expect(screen.getByText('3 × Evening show')).toBeVisible();
    expect(screen.getByText('€37.00')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
  });

  it('lists what was paid for from the receipt: lines, discount, fees, total and venue (decision 0149)', async () => {
    const paid = answer({ status: 'PAID', holdExpiresAt: null });
    paid.response.order.total = 42.25;
    paid.response.order.receipt = {
      reference: '48210937563',
      kind: 'PRODUCT',
      renewal: false,
      items: [
        {
          title: 'Evening show',
          date: '2026-06-10',
          time: '20:00 – 22:00',
          lines: [
            { kind: 'TICKET', label: 'Adult', quantity: 2, amount: 30 },
            { kind: 'TICKET', label: 'Child', quantity: 1, amount: 7 },
            { kind: 'UPSELL', label: 'Audio guide', quantity: 2, amount: 9 },
          ],
        },
      ],
      discounts: [{ kind: 'COUPON', code: 'TENOFF', amount: 3.7 }],
      additions: [{ label: '', amount: 0.95 }],
      fee_note: null,
      credit: 0,
      total: 42.25,
      total_kind: 'PAID',
      vat: [
        { rate: 9, net: 30.56, vat: 2.74, gross: 33.3 },
        { rate: 21, net: 7.4, vat: 1.55, gross: 8.95 },
      ],
      venue: { name: 'Schouwburg', address: 'Leidseplein 26\n1017 PT Amsterdam' },
    };
    mockApi({ [STATUS]: paid });
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you, your order is paid' }, SLOW),
    ).toBeVisible();
    // The shop's date format, day before month.
    expect(screen.getByText('Wednesday 10-06-2026, 20:00 – 22:00')).toBeVisible();
    expect(screen.getByText('2 × Audio guide').parentElement).toHaveTextContent('€9.00');
    expect(screen.getByText('1 × Child')).toBeVisible();
    expect(screen.getByText('Discount (TENOFF)').parentElement).toHaveTextContent('− €3.70');
    expect(screen.getByText('Booking fee').parentElement).toHaveTextContent('€0.95');
    expect(screen.getByText('Total paid').parentElement).toHaveTextContent('€42.25');
    expect(screen.getByRole('heading', { name: 'Venue' })).toBeVisible();
    expect(screen.getByText('Leidseplein 26')).toBeVisible();
    // Net, VAT per rate and gross under the total (decision 0240).
    expect(screen.getByText('Total excl. VAT').parentElement).toHaveTextContent('€37.96');
    expect(screen.getByText('VAT 9%').parentElement).toHaveTextContent('€2.74');
    expect(screen.getByText('VAT 21%').parentElement).toHaveTextContent('€1.55');
    expect(screen.getByText('Total incl. VAT').parentElement).toHaveTextContent('€42.25');
  });

  it('shows a year pass like any order: its line, the fee by name, the total paid and the passes to download', async () => {
    const paid = answer({
      status: 'PAID',
      holdExpiresAt: null,
      passesUrl: '/api/orders/h/passes.pdf',
      receiptUrl: '/api/orders/h/receipt.pdf',
    });
    paid.response.order.total = 59.95;
    paid.response.order.items = [{ title: 'Museum year pass', date: null, time: null, quantity: 1 }];
    paid.response.order.receipt = {
      reference: '48210937563',
      kind: 'SUBSCRIPTION',
      renewal: false,
      items: [
        {
          title: 'Museum year pass',
          date: null,
          time: null,
          lines: [{ kind: 'PASS', label: 'Adult', quantity: 1, amount: 59 }],
        },
      ],
      discounts: [],
      additions: [{ label: 'Booking fee', amount: 0.95 }],
      fee_note: null,
      credit: 0,
      total: 59.95,
      total_kind: 'PAID',
      vat: [],
      venue: { name: 'Museum', address: null },
    };
    mockApi({ [STATUS]: paid });
    render();
    expect(await screen.findByText('1 × Adult', {}, SLOW)).toBeVisible();
    expect(screen.getByText('1 × Adult').parentElement).toHaveTextContent('€59.00');
    expect(screen.getByText('Booking fee').parentElement).toHaveTextContent('€0.95');
    expect(screen.getByText('Total paid').parentElement).toHaveTextContent('€59.95');
    expect(screen.getByText('Order number 4821 0937 563')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download passes (PDF)' })).toHaveAttribute(
      'href',
      '/api/orders/h/passes.pdf',
    );
    expect(screen.getByRole('link', { name: 'Download receipt (PDF)' })).toBeVisible();
    expect(screen.queryByText(/tickets/i)).toBeNull();
  });

  it('puts gift-card credit on its own line and says the fee was not charged', async () => {
    const paid = answer({ status: 'PAID', holdExpiresAt: null, receiptUrl: '/r.pdf' });
    paid.response.order.total = 0;
    paid.response.order.receipt = {
      reference: '48210937563',
      kind: 'PRODUCT',
      renewal: false,
      items: [
        {
          title: 'Evening show',
          date: '2026-06-10',
          time: null,
          lines: [{ kind: 'TICKET', label: 'Adult', quantity: 1, amount: 15 }],
        },
      ],
      discounts: [{ kind: 'VOUCHER', code: '…AB12', amount: 15 }],
      additions: [],
      fee_note: 'WAIVED',
      credit: 0,
      total: 0,
      total_kind: 'PAID',
      vat: [],
      venue: { name: 'Schouwburg', address: null },
    };
    mockApi({ [STATUS]: paid });
    render();
    expect((await screen.findByText('Gift card …AB12', {}, SLOW)).parentElement).toHaveTextContent(
      '− €15.00',
    );
    expect(screen.queryByText(/^Discount/)).toBeNull();
    expect(screen.getByText('Booking fee').parentElement).toHaveTextContent('not charged');
  });

  it('polls a pending order until it is paid, announcing each state', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls += 1;
      const body =
        calls < 2 ? answer({}) : answer({ status: 'PAID', ticketsUrl: '/t.pdf', holdExpiresAt: null });
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    render();
    await screen.findByRole('heading', { name: 'Waiting for your payment' }, SLOW);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Waiting for your payment');
    await screen.findByRole('heading', { name: 'Thank you, your order is paid' }, { timeout: 5000 });
    expect(screen.getByRole('status')).toHaveTextContent('Thank you, your order is paid');
    expect(calls).toBe(2);
  });

  it('offers to pay again after a failure and hands the new payment off', async () => {
    const payment: Payment = {
      gateway: 'test',
      type: 'REDIRECT',
      hash: 'pay-2',
      transaction: { response: { url: '/pay/test/pay-2' } },
    };
    mockApi({
      [STATUS]: answer({ status: 'FAILED', canPayAgain: true }),
      [`/api/payment/${HASH}`]: { ok: true, response: { payment } },
    });
    const { handOffPayment } = render();
    expect(await screen.findByRole('heading', { name: 'The payment failed' }, SLOW)).toBeVisible();
    expect(screen.getByText(/held until \d\d:\d\d/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pay again' }));
    await vi.waitFor(() => expect(handOffPayment).toHaveBeenCalledWith(payment, expect.anything()));
  });

  it('says an expired order cannot be paid any more', async () => {
    mockApi({ [STATUS]: answer({ status: 'EXPIRED' }) });
    render();
    expect(await screen.findByRole('heading', { name: 'The time to pay has run out' }, SLOW)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
  });

  it('says a rebooked order was moved and its tickets are no longer valid', async () => {
    mockApi({ [STATUS]: answer({ status: 'REBOOKED' }) });
    render();
    expect(await screen.findByRole('heading', { name: 'This booking was changed' }, SLOW)).toBeVisible();
    expect(
      screen.getByText(/sent to ada@example.test; the tickets of this order are no longer valid/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
  });

  it('shows the wallet buttons for an open PayPal payment', async () => {
    const payment: Payment = {
      gateway: 'paypal',
      type: 'CUSTOM',
      hash: 'pay-3',
      transaction: { response: { orderId: 'PP-1', clientId: 'client' } },
    };
    mockApi({ [STATUS]: answer({ openPayment: payment }) });
    render();
    expect(await screen.findByTestId('wallet', {}, SLOW)).toHaveTextContent('paypal €37.00 4821 0937 563');
  });

  it('lets a visitor back from the gateway page without an answer resume the open payment', async () => {
    const payment: Payment = {
      gateway: 'test',
      type: 'REDIRECT',
      hash: 'pay-4',
      transaction: { response: { url: '/pay/test/pay-4' } },
    };
    mockApi({ [STATUS]: answer({ openPayment: payment }) });
    const { handOffPayment } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, SLOW));
    expect(handOffPayment).toHaveBeenCalledWith(payment, expect.anything());
  });

  it('says clearly when the link matches no order', async () => {
    mockApi({});
    render();
    expect(await screen.findByRole('heading', { name: 'Order not found' }, SLOW)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });
});
