import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { endRenewal, renewalStore } from '@/lib/renewal-store';
import en from '@/locales/en.json';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { RenewPage } from './renew-page';

const client = {
  id: 42,
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  company: null,
  address: null,
  city: null,
  vat_id: null,
  token: 'session-1',
  fields: [],
  subscriptions: [],
};
const renewal = {
  renewable: true,
  hash: 'renew-abc',
  id: 7,
  subscription: { id: 7, slug: 'year-pass', title: 'Year pass' },
  expiration: '2026-12-31',
  passes: [
    { id: 1, audience: 3, profile: { name: { full: 'Ada Lovelace' }, avatar: null, birthday: null, age: null } },
  ],
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  endRenewal();
});
afterEach(() => vi.unstubAllGlobals());

describe('RenewPage', () => {
  it('sends a visitor who is not logged in to the login page, without asking the server', async () => {
    const fetchMock = mockApi({});
    renderPage('/renew/renew-abc', '/renew/:hash', <RenewPage />);
    expect(await screen.findByTestId('location')).toHaveTextContent('/client/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores a renewable subscription and goes home in renewal mode', async () => {
    localStorage.setItem('kassa.client-token', 'session-1');
    mockApi({ '/api/client': client, '/api/client/subscription/renew-abc': renewal });
    renderPage('/renew/renew-abc', '/renew/:hash', <RenewPage />);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(renewalStore.get()).toEqual({
      hash: 'renew-abc',
      subscriptionId: 7,
      expiration: '2026-12-31',
      passes: [{ id: 1, audience: 3 }],
    });
  });

  it('shows why a renewal link does not work', async () => {
    localStorage.setItem('kassa.client-token', 'session-1');
    mockApi({
      '/api/client': client,
      '/api/client/subscription/renew-abc': {
        status: 404,
        body: { ok: false, error: { code: 'RENEWAL_NOT_FOUND', error_info: 'Not yours.' } },
      },
    });
    renderPage('/renew/renew-abc', '/renew/:hash', <RenewPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.renewal_not_found);
    expect(renewalStore.get()).toBeNull();
  });

  it('falls back to error_info, then to Unknown error', async () => {
    localStorage.setItem('kassa.client-token', 'session-1');
    mockApi({
      '/api/client': client,
      '/api/client/subscription/renew-abc': {
        status: 409,
        body: { ok: false, error: { code: 'SOMETHING_NEW', error_info: 'Ask the shop.' } },
      },
    });
    renderPage('/renew/renew-abc', '/renew/:hash', <RenewPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ask the shop.');
  });
});
