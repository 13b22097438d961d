import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import en from '@/locales/en.json';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { ClientLoginPage } from './client-login-page';

const client = {
  id: 42,
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  company: null,
  address: null,
  city: null,
  vat_id: null,
  token: 'token-1',
  fields: [],
  subscriptions: [],
};

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('ClientLoginPage', () => {
  it('explains how to log in when the link has no token', () => {
    const fetchMock = mockApi({});
    renderPage('/client/login', '/client/login', <ClientLoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: en.client_login.title })).toBeInTheDocument();
    expect(screen.getByText(en.client_login.text)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in with the token of the link, remembers it and goes on to the redirect', async () => {
    const fetchMock = mockApi({ '/api/client': client });
    renderPage('/client/login?token=token-1&redirect=/renew/abc', '/client/login', <ClientLoginPage />);
    expect(await screen.findByTestId('location')).toHaveTextContent('/renew/abc');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'token-1' });
    expect(localStorage.getItem('kassa.client-token')).toBe('token-1');
  });

  it('never redirects outside the shop', async () => {
    mockApi({ '/api/client': client });
    renderPage('/client/login?token=token-1&redirect=//evil.example/x', '/client/login', <ClientLoginPage />);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows the translated error for a wrong token', async () => {
    mockApi({ '/api/client': { status: 401, body: { ok: false, error: { code: 'CLIENT_NOT_FOUND' } } } });
    renderPage('/client/login?token=wrong', '/client/login', <ClientLoginPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.client_not_found);
    expect(localStorage.getItem('kassa.client-token')).toBeNull();
  });
});
