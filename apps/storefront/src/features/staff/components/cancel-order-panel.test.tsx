import type { Cancellation } from '@kassa/domain/contract/staff-refunds';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import en from '../locales/en.json';
import { loadStaffTexts } from '../hooks/use-staff-text';
import { storeStaffSession } from '../utils/staff-session';
import { CancelOrderPanel, type CancelPanelOrder } from './cancel-order-panel';

beforeAll(async () => {
  await initI18n('en');
  await loadStaffTexts('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  storeStaffSession(null);
});

const texts = en.refunds;
const ORDER: CancelPanelOrder = {
  number: '1234 5678 901',
  lines: [
    { id: 11, name: 'Evening show, Adult', quantity: 2, cancelledQuantity: 0, cancellable: true },
    { id: 12, name: 'Map', quantity: 3, cancelledQuantity: 1, cancellable: true },
  ],
  tickets: [
    { id: 'a0000000-0000-4000-8000-000000000001', lineId: 11, admitted: true, cancelled: false },
    { id: 'a0000000-0000-4000-8000-000000000002', lineId: 11, admitted: false, cancelled: false },
  ],
};
const base = '/api/staff/orders/1234%205678%20901/cancel';

function login(role: 'box-office' | 'manager') {
  storeStaffSession({
    token: 't',
    expires_at: '2099-01-01T00:00:00Z',
    staff: { id: 1, email: 'bo@example.test', name: 'Bo', role },
  });
}

const answer = (refund: Cancellation['refund']): Cancellation => ({
  order_number: ORDER.number,
  order_status: 'PAID',
  lines: [{ order_line_id: 11, quantity: 1, amount_cents: 1411, ticket_ids: [ORDER.tickets[1]!.id] }],
  share_cents: 1411,
  amount_cents: 1411,
  method: 'original',
  currency: 'EUR',
  paid_cents: 3480,
  refunded_before_cents: 0,
  refund,
});

const refund = (status: 'succeeded' | 'failed') => ({
  id: 7,
  amount_cents: 1411,
  method: 'original' as const,
  status,
  gateway: 'stripe',
  provider_ref: status === 'succeeded' ? 're_1' : null,
  voucher_code: null,
  actor: 'bo@example.test',
  reason: null,
  lines: [],
  last_error: status === 'failed' ? 'declined' : null,
  created_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T10:00:00Z',
});

describe('CancelOrderPanel', () => {
  it(
    'chooses a ticket, previews the amounts, confirms, and retries a failed refund',
    { timeout: 20_000 },
    async () => {
      login('box-office');
      const fetchMock = mockApi({
        [`${base}/preview`]: answer(null),
        [base]: answer(refund('failed')),
        '/api/staff/refunds/7/retry': refund('succeeded'),
      });
      const onDone = vi.fn();
      render(<CancelOrderPanel order={ORDER} onDone={onDone} />);
      const user = userEvent.setup();

      // The ticket let in cannot be chosen; a box-office member is not offered "no refund".
      const boxes = screen.getAllByRole('checkbox');
      expect(boxes[0]).toBeDisabled();
      expect(screen.queryByRole('radio', { name: texts.method_none })).toBeNull();

      // Nothing chosen: said so, nothing asked of the server.
      await user.click(screen.getByRole('button', { name: texts.preview }));
      expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.cancel_nothing_chosen);
      expect(fetchMock).not.toHaveBeenCalled();

      await user.click(boxes[1]!);
      await user.click(screen.getByRole('button', { name: texts.preview }));
      expect(await screen.findByText('Comes back: €14.11')).toBeVisible();
      const [path, init] = fetchMock.mock.calls[0]!;
      expect(String(path)).toBe(`${base}/preview`);
      expect(JSON.parse(String(init?.body))).toEqual({ tickets: [ORDER.tickets[1]!.id], refund: 'original' });

      await user.click(screen.getByRole('button', { name: 'Cancel and refund €14.11' }));
      expect(await screen.findByText(texts.done)).toBeVisible();
      expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ amount_cents: 1411 }));
      expect(screen.getByText('Refund of €14.11 failed: try again')).toBeVisible();

      await user.click(screen.getByRole('button', { name: texts.retry }));
      expect(await screen.findByText('Refund of €14.11 made')).toBeVisible();
      expect(screen.queryByRole('button', { name: texts.retry })).toBeNull();
    },
  );

  it('offers managers no refund, sends extras by quantity, and shows a refused cancellation translated', async () => {
    login('manager');
    const fetchMock = mockApi({
      [`${base}/preview`]: { ...answer(null), method: 'none', amount_cents: 0 },
      [base]: { status: 409, body: { ok: false, error: { code: 'CANCEL_TICKET_ADMITTED', message: 'x' } } },
    });
    render(<CancelOrderPanel order={ORDER} />);
    const user = userEvent.setup();
    const extras = screen.getByRole('group', { name: texts.items });
    const quantity = within(extras).getByRole('spinbutton');
    await user.clear(quantity);
    await user.type(quantity, '9');
    // At most what is left (3 − 1).
    expect(quantity).toHaveValue(2);
    await user.click(screen.getByRole('radio', { name: texts.method_none }));
    await user.click(screen.getByRole('button', { name: texts.preview }));
    await user.click(await screen.findByRole('button', { name: texts.confirm_none }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.cancel_ticket_admitted);
    const [, init] = fetchMock.mock.calls[1]!;
    expect(JSON.parse(String(init?.body))).toEqual({ lines: [{ id: 12, quantity: 2 }], refund: 'none' });
  });
});
