import type { CheckoutReturn } from '@kassa/domain/contract/payment';
import type { SelfCancellation } from '@kassa/domain/contract/self-cancel';
import { screen, within } from '@testing-library/react';
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
const HASH = 'order-hash-7';
const STATUS = `/api/orders/${HASH}/status`;
const CANCELLATION = `/api/orders/${HASH}/cancellation`;
const CANCEL = `/api/orders/${HASH}/cancel`;
const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

const status: { ok: true; response: CheckoutReturn } = {
  ok: true,
  response: {
    status: 'PAID',
    order: { reference: '48210937563', total: 30, currency: 'EUR', email: 'bo@acme.example', items: [] },
    canPayAgain: false,
    ticketsUrl: `/api/orders/${HASH}/tickets.pdf`,
    holdExpiresAt: null,
    openPayment: null,
  },
};

function answer(values: Partial<SelfCancellation>): { ok: true; response: SelfCancellation } {
  return {
    ok: true,
    response: {
      order_number: '4821 0937 563',
      currency: 'EUR',
      tickets: [
        {
          id: T1,
          line_id: 5,
          title: 'Evening show, Adult',
          date: '2026-06-10',
          time: '20:00',
          state: 'VALID',
        },
        {
          id: T2,
          line_id: 5,
          title: 'Evening show, Adult',
          date: '2026-06-10',
          time: '20:00',
          state: 'VALID',
        },
      ],
      extras: [],
      policy: { free_until_hours: 48, tiers: [], refund_to: 'choice', voucher_bonus_percent: 10 },
      quote: {
        share: 30,
        fee_percent: 0,
        fee: 0,
        refund: 30,
        methods: ['original', 'voucher'],
        voucher_value: 33,
        terms_end_at: '2026-06-08T18:00:00.000Z',
        tickets: [T1, T2],
        lines: [],
      },
      refusal: null,
      ...values,
    },
  };
}

function render(search = '') {
  renderPage(
    `/checkout/return/${HASH}${search}`,
    '/checkout/return/:hash',
    <CheckoutReturnPage handOffPayment={() => 'redirected'} WalletButtons={() => null} />,
  );
}

describe("the return page's cancel panel (decision 0259)", () => {
  it(
    'opened from the mail: the whole order is quoted, one ticket is cancelled to a voucher, the result is shown',
    { timeout: 20_000 },
    async () => {
      const one = answer({});
      one.response.quote = {
        ...one.response.quote!,
        share: 15,
        refund: 15,
        voucher_value: 16.5,
        tickets: [T2],
      };
      const fetchMock = mockApi({
        [STATUS]: status,
        [CANCELLATION]: answer({}),
        [`${CANCELLATION}?tickets=${T1}%2C${T2}`]: answer({}),
        [`${CANCELLATION}?tickets=${T2}`]: one,
        [CANCEL]: {
          ok: true,
          response: {
            status: 'PAID',
            cancelled: {
              tickets: [T2],
              lines: [{ id: 5, quantity: 1 }],
              fee: 0,
              refund: 15,
              method: 'voucher',
              voucher_code: 'GIFT-1234',
              voucher_value: 16.5,
              refund_status: 'succeeded',
              currency: 'EUR',
            },
          },
        },
      });
      render('?cancel=1');
      const panel = await screen.findByRole('region', { name: 'Cancel tickets' }, SLOW);
      expect(await within(panel).findByText('A gift voucher worth €33.00', {}, SLOW)).toBeVisible();
      await userEvent.click(within(panel).getByRole('checkbox', { name: /Ticket 1: Evening show, Adult/ }));
      expect(within(panel).getByRole('checkbox', { name: 'The whole order' })).not.toBeChecked();
      expect(await within(panel).findByText('A gift voucher worth €16.50', {}, SLOW)).toBeVisible();
      await userEvent.click(within(panel).getByRole('radio', { name: 'A gift voucher worth €16.50' }));
      await userEvent.click(within(panel).getByRole('button', { name: 'Confirm cancellation' }));
      expect(
        await within(panel).findByText('Your gift voucher worth €16.50 has the code GIFT-1234.', {}, SLOW),
      ).toBeVisible();
      expect(within(panel).getByText('Cancelled: 1 ticket.')).toBeVisible();
      const post = fetchMock.mock.calls.find(([path]) => String(path) === CANCEL);
      expect(JSON.parse(String(post![1]!.body))).toEqual({ tickets: [T2], refund: 'voucher' });
    },
  );

  it('closed at first; opened with its button. Outside the policy it says why and links to the request form with the order', async () => {
    const refused = answer({
      quote: null,
      refusal: { code: 'SELF_CANCEL_OUTSIDE_POLICY', message: 'Too late' },
    });
    mockApi({
      [STATUS]: status,
      [CANCELLATION]: refused,
      [`${CANCELLATION}?tickets=${T1}%2C${T2}`]: refused,
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel tickets' }, SLOW));
    expect(
      await screen.findByText('It is too close to your visit to cancel online.', {}, SLOW),
    ).toBeVisible();
    const link = screen.getByRole('link', { name: 'Send a request to the shop' });
    expect(link).toHaveAttribute('href', '/faq?request=1&order=48210937563&email=bo%40acme.example');
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).toBeNull();
  });
});
