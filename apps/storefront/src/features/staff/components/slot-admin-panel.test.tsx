import type { ClosePlotAnswer } from '@kassa/domain/contract/staff-refunds';
import type { OccupancyReport, OccupancyRow } from '@kassa/domain/contract/staff-reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import en from '../locales/en.json';
import { loadStaffTexts } from '../hooks/use-staff-text';
import { storeStaffSession } from '../utils/staff-session';
import { SlotAdminPanel, type SlotAdminPlot } from './slot-admin-panel';

beforeAll(async () => {
  await initI18n('en');
  await loadStaffTexts('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  storeStaffSession(null);
});

const texts = en.slotAdmin;
const PLOT: SlotAdminPlot = { id: 41, product: 'Evening show', date: '2026-12-05', orders: 2 };
const occupancyPath = '/api/staff/reports/occupancy?from=2026-12-05&to=2026-12-18';

const row = (plot: number, over: Partial<OccupancyRow> = {}): OccupancyRow => ({
  plot_id: plot,
  product_id: 7,
  product: 'Evening show',
  date: '2026-12-05',
  start_time: '19:00',
  end_time: '21:00',
  capacity: 20,
  sold: 5,
  reserved: 1,
  admitted: 0,
  free: 14,
  closed: false,
  ...over,
});
const occupancy: OccupancyReport = {
  from: '2026-12-05',
  to: '2026-12-18',
  time_zone: 'Europe/Amsterdam',
  plots: [
    row(41),
    row(42, { start_time: '21:00', end_time: '23:00' }),
    row(43, { date: '2026-12-06', free: 0 }),
    row(44, { date: '2026-12-06', start_time: '10:00', end_time: '12:00', closed: true }),
    row(45, { product_id: 8, product: 'Other' }),
  ],
};

function login(role: 'box-office' | 'door' | 'manager') {
  storeStaffSession({
    token: 't',
    expires_at: '2099-01-01T00:00:00Z',
    staff: { id: 1, email: 'm@example.test', name: 'M', role },
  });
}

const closed = (plot: number, over: Partial<ClosePlotAnswer> = {}): ClosePlotAnswer => ({
  plot,
  closed_at: '2026-12-01T10:00:00Z',
  reason: 'Storm',
  cancelled: [],
  moved: [],
  refused: [],
  ...over,
});

const show = () =>
  renderPage('/staff/plots/41/attendees', '/staff/plots/:id/attendees', <SlotAdminPanel plot={PLOT} />);

describe('SlotAdminPanel', () => {
  it.each(['box-office', 'door'] as const)('shows a %s member no controls and asks nothing', (role) => {
    login(role);
    const fetchMock = mockApi({ [occupancyPath]: occupancy });
    show();
    expect(screen.queryByRole('heading', { name: texts.title })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('changes the capacity and shows CAPACITY_BELOW_SOLD translated', async () => {
    login('manager');
    const fetchMock = mockApi({
      [occupancyPath]: occupancy,
      '/api/staff/plots/41': {
        status: 409,
        body: { ok: false, error: { code: 'CAPACITY_BELOW_SOLD', message: 'x' } },
      },
    });
    show();
    const user = userEvent.setup();
    const field = await screen.findByRole('spinbutton', { name: texts.capacity_label });
    expect(field).toHaveValue(20);
    expect(
      screen.getByText('Sold: 5, reserved: 1. The capacity cannot go below what is sold.'),
    ).toBeVisible();
    await user.clear(field);
    await user.type(field, '3');
    await user.click(screen.getByRole('button', { name: texts.capacity_save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.capacity_below_sold);
    const patch = fetchMock.mock.calls.find(([path]) => String(path) === '/api/staff/plots/41')!;
    expect(patch[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ capacity: 3 });
  });

  it('offers only open slots of the product with free places, confirms, then reads out the result', async () => {
    login('manager');
    const fetchMock = mockApi({
      [occupancyPath]: occupancy,
      '/api/staff/plots/41/close': closed(41, {
        moved: [{ order_number: '1111 2222 333', new_order_number: '4444 5555 666', refund_cents: 0 }],
        cancelled: [{ order_number: '7777 8888 999', amount_cents: 2500, refund_status: 'succeeded' }],
        refused: [{ order_number: '1212 3434 565', code: 'CANCEL_TICKET_ADMITTED' }],
      }),
    });
    show();
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: texts.move_label });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    // Not itself, not full (43), not closed (44), not another product's (45).
    expect(options).toEqual(['', '42']);

    // The reason is required: nothing is asked without it.
    await user.click(screen.getByRole('button', { name: texts.close_review }));
    expect(screen.queryByText(texts.confirm_title)).toBeNull();

    await user.type(
      screen.getByRole('textbox', { name: texts.reason_label, description: texts.reason_hint }),
      'Storm',
    );
    await user.selectOptions(select, '42');
    await user.click(screen.getByRole('button', { name: texts.close_review }));
    const confirmation = await screen.findByRole('heading', { name: texts.confirm_title });
    expect(confirmation.parentElement).toHaveFocus();
    expect(confirmation.parentElement).toHaveTextContent(
      /Orders on it: 2; each moves to .*21:00.* where it fits/,
    );
    expect(confirmation.parentElement).toHaveTextContent(texts.confirm_mailed);
    expect(fetchMock.mock.calls.some(([path]) => String(path).endsWith('/close'))).toBe(false);

    await user.click(screen.getByRole('button', { name: texts.confirm_slot_button }));
    const result = await screen.findByRole('heading', { name: 'Slots closed: 1' });
    expect(result).toHaveFocus();
    expect(result.closest('[aria-live="polite"]')).not.toBeNull();
    const post = fetchMock.mock.calls.find(([path]) => String(path) === '/api/staff/plots/41/close')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ reason: 'Storm', move_to: 42 });
    expect(screen.getByRole('link', { name: '4444 5555 666' })).toHaveAttribute(
      'href',
      '/staff/orders/4444%205555%20666',
    );
    expect(screen.getByRole('link', { name: '7777 8888 999' })).toBeVisible();
    expect(screen.getByText(texts.errors.cancel_ticket_admitted, { exact: false })).toBeVisible();
  });

  it('closes the whole day after confirming, and shows a refused close translated', async () => {
    login('manager');
    const fetchMock = mockApi({
      [occupancyPath]: occupancy,
      '/api/staff/products/7/days/2026-12-05/close': {
        status: 409,
        body: { ok: false, error: { code: 'PLOT_ALREADY_CLOSED', message: 'x' } },
      },
    });
    show();
    const user = userEvent.setup();
    const reasons = await screen.findAllByRole('textbox', { name: texts.reason_label });
    await user.type(reasons[1]!, 'Flood');
    await user.click(screen.getByRole('button', { name: texts.day_review }));
    const confirmation = await screen.findByRole('heading', { name: texts.confirm_title });
    expect(confirmation.parentElement).toHaveTextContent(
      'All 2 open slots of Evening show that day are closed; their orders (10 tickets sold)',
    );
    // Back closes the check and puts focus back on the button that opened it.
    await user.click(screen.getByRole('button', { name: texts.back }));
    expect(screen.queryByRole('heading', { name: texts.confirm_title })).toBeNull();
    expect(screen.getByRole('button', { name: texts.day_review })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: texts.day_review }));
    await user.click(await screen.findByRole('button', { name: texts.confirm_day_button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.plot_already_closed);
    const post = fetchMock.mock.calls.find(([path]) => String(path).includes('/days/'))!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ reason: 'Flood' });
  });
});
