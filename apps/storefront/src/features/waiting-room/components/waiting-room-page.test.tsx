import type { WaitingRoomStatus } from '@kassa/domain/contract/waiting-room';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { passFor, queueToken } from '@/lib/rush-store';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { WaitingRoomPage } from './waiting-room-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const base: WaitingRoomStatus = {
  state: 'WAITING',
  productId: 7,
  position: 42,
  estimateMinutes: 3,
  admitPerMinute: 15,
  opensAt: '2030-06-01T10:00:00Z',
  pass: null,
  passExpiresAt: null,
  pollAfterMs: 5000,
};
const admitted: WaitingRoomStatus = {
  ...base,
  state: 'ADMITTED',
  position: null,
  estimateMinutes: null,
  pass: 'signed-pass',
  passExpiresAt: '2099-06-01T10:10:00Z',
  pollAfterMs: 0,
};

describe('the waiting room page (decisions 0265–0267)', () => {
  it('joins, keeps the token, shows the place in a live region, then the turn with the pass kept', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({
      '/api/waiting-room/join': { ok: true, response: { token: 'queue-token', status: base } },
      '/api/waiting-room/status?token=queue-token': { ok: true, response: { status: admitted } },
    });
    renderPage('/waiting-room/7/concert', '/waiting-room/:id/:slug', <WaitingRoomPage />);

    expect(await screen.findByText('42')).toBeInTheDocument();
    const live = screen.getByText('Your place in the queue:').closest('[aria-live]');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('About 3 minutes to go.');
    expect(queueToken(7)).toBe('queue-token');

    await vi.advanceTimersByTimeAsync(5000);
    const turn = await screen.findByRole('heading', { level: 1, name: 'It is your turn' });
    await waitFor(() => expect(turn).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Book now' })).toHaveAttribute('href', '/product/7/concert');
    expect(passFor([7])).toBe('signed-pass');
    // Admitted: no more polls.
    const calls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('keeps the place on reload: a stored token asks for its status instead of joining again', async () => {
    localStorage.setItem('kassa.rush', JSON.stringify({ tokens: { 7: 'kept-token' }, passes: {} }));
    const fetchMock = mockApi({
      '/api/waiting-room/status?token=kept-token': {
        ok: true,
        response: { status: { ...base, position: 5 } },
      },
    });
    renderPage('/waiting-room/7/concert', '/waiting-room/:id/:slug', <WaitingRoomPage />);
    expect(await screen.findByText('5')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/waiting-room/join');
  });

  it('says, translated, when the waiting room is not open yet', async () => {
    mockApi({
      '/api/waiting-room/join': {
        status: 409,
        body: { ok: false, error: { code: 'RUSH_NOT_OPEN_YET', message: 'x' } },
      },
    });
    renderPage('/waiting-room/7/concert', '/waiting-room/:id/:slug', <WaitingRoomPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The waiting room is not open yet.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
