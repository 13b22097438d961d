import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import en from '@/locales/en.json';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { ClientLoginPage } from './client-login-page';

// The ALTCHA widget needs a challenge server; the test solves it with a button.
vi.mock('@/features/checkout/components/altcha-widget', () => ({
  AltchaWidget: ({ onVerified }: { onVerified: (token: string) => void }) => (
    <button type="button" onClick={() => onVerified('solved-token')}>
      Solve captcha
    </button>
  ),
}));

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
  it('offers e-mail and password, and a login link, when the link has no token', () => {
    const fetchMock = mockApi({});
    renderPage('/client/login', '/client/login', <ClientLoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: en.client_login.title })).toBeInTheDocument();
    expect(screen.getByText(en.client_login.text)).toBeInTheDocument();
    expect(
      screen.getByLabelText(en.client_login.password, { exact: false, selector: 'input' }),
    ).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: en.client_login.link_submit })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in with e-mail and password and goes on to the redirect', async () => {
    const fetchMock = mockApi({ '/api/client/login': client });
    renderPage('/client/login?redirect=/renew/abc', '/client/login', <ClientLoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getAllByLabelText(en.client_login.email, { exact: false })[0]!, 'ada@example.com');
    await user.type(
      screen.getByLabelText(en.client_login.password, { exact: false, selector: 'input' }),
      'secret1',
    );
    await user.click(screen.getByRole('button', { name: en.client_login.submit }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/renew/abc');
    const call = fetchMock.mock.calls.find(([path]) => String(path) === '/api/client/login')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(localStorage.getItem('kassa.client-token')).toBe('token-1');
  });

  it('says a wrong password in words, without telling whether the e-mail exists', async () => {
    mockApi({
      '/api/client/login': { status: 401, body: { ok: false, error: { code: 'CLIENT_LOGIN_FAILED' } } },
    });
    renderPage('/client/login', '/client/login', <ClientLoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getAllByLabelText(en.client_login.email, { exact: false })[0]!, 'ada@example.com');
    await user.type(
      screen.getByLabelText(en.client_login.password, { exact: false, selector: 'input' }),
      'wrong',
    );
    await user.click(screen.getByRole('button', { name: en.client_login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.client_login_failed);
  });

  it('opens the captcha when the server asks for one after failed logins, and logs in with it', async () => {
    const answers: Parameters<typeof mockApi>[0] = {
      '/api/client/login': {
        status: 403,
        body: { ok: false, error: { code: 'SECURITY_CAPTCHA_REQUIRED' } },
      },
    };
    const fetchMock = mockApi(answers);
    renderPage('/client/login', '/client/login', <ClientLoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getAllByLabelText(en.client_login.email, { exact: false })[0]!, 'ada@example.com');
    await user.type(
      screen.getByLabelText(en.client_login.password, { exact: false, selector: 'input' }),
      'secret1',
    );
    await user.click(screen.getByRole('button', { name: en.client_login.submit }));
    const dialog = await screen.findByRole('dialog', { name: en.product.captcha.title });
    expect(dialog).toHaveTextContent(en.client_login.captcha_text);
    answers['/api/client/login'] = client;
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/client/account');
    const calls = fetchMock.mock.calls.filter(([path]) => String(path) === '/api/client/login');
    expect(calls.map((call) => JSON.parse(String(call[1]?.body)))).toEqual([
      { email: 'ada@example.com', password: 'secret1' },
      { email: 'ada@example.com', password: 'secret1', captcha: 'solved-token' },
    ]);
  });

  it('mails a login link and answers alike for every e-mail', async () => {
    const fetchMock = mockApi({ '/api/client/login-link': { ok: true } });
    renderPage('/client/login?redirect=/renew/abc', '/client/login', <ClientLoginPage />);
    const user = userEvent.setup();
    const fields = screen.getAllByLabelText(en.client_login.email, { exact: false });
    await user.type(fields[1]!, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: en.client_login.link_submit }));
    expect(await screen.findByRole('status')).toHaveTextContent('ada@example.com');
    const call = fetchMock.mock.calls.find(([path]) => String(path) === '/api/client/login-link')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ email: 'ada@example.com', redirect: '/renew/abc' });
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
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/client\/account$/);
  });

  it('shows the translated error for a wrong token', async () => {
    mockApi({ '/api/client': { status: 401, body: { ok: false, error: { code: 'CLIENT_NOT_FOUND' } } } });
    renderPage('/client/login?token=wrong', '/client/login', <ClientLoginPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.client_not_found);
    expect(localStorage.getItem('kassa.client-token')).toBeNull();
  });
});
