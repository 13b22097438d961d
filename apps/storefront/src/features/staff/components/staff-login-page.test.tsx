import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import en from '../locales/en.json';
import { loadStaffTexts } from '../hooks/use-staff-text';
import { StaffLoginPage } from './staff-login-page';

// The ALTCHA widget needs a challenge server; the test solves it with a button.
vi.mock('@/features/checkout/components/altcha-widget', () => ({
  AltchaWidget: ({ onVerified }: { onVerified: (token: string) => void }) => (
    <button type="button" onClick={() => onVerified('solved-token')}>
      Solve captcha
    </button>
  ),
}));

beforeAll(async () => {
  await initI18n('en');
  await loadStaffTexts('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const session = {
  token: 'staff-token',
  expires_at: '2026-06-15T22:00:00.000Z',
  staff: { id: 1, email: 'door@example.test', name: 'Sam Door', role: 'door' },
};

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(en.login.email, { exact: false }), 'door@example.test');
  await user.type(screen.getByLabelText(en.login.password), 'door-staff-password');
  await user.click(screen.getByRole('button', { name: en.login.submit }));
  return user;
}

describe('StaffLoginPage', () => {
  it('shows the captcha in the form when the server asks for one, and logs in with it', async () => {
    const answers: Parameters<typeof mockApi>[0] = {
      '/api/staff/login': { status: 403, body: { ok: false, error: { code: 'SECURITY_CAPTCHA_REQUIRED' } } },
    };
    const fetchMock = mockApi(answers);
    renderPage('/staff/login', '/staff/login', <StaffLoginPage />);
    const user = await logIn();
    expect(await screen.findByText(en.login.captcha)).toBeInTheDocument();
    answers['/api/staff/login'] = session;
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/staff/scan');
    const bodies = fetchMock.mock.calls
      .filter(([path]) => String(path) === '/api/staff/login')
      .map((call) => JSON.parse(String(call[1]?.body)) as unknown);
    expect(bodies).toEqual([
      { email: 'door@example.test', password: 'door-staff-password' },
      { email: 'door@example.test', password: 'door-staff-password', captcha: 'solved-token' },
    ]);
  });

  it('says a wrong password in words, and shows no captcha', async () => {
    mockApi({
      '/api/staff/login': { status: 401, body: { ok: false, error: { code: 'STAFF_LOGIN_FAILED' } } },
    });
    renderPage('/staff/login', '/staff/login', <StaffLoginPage />);
    await logIn();
    expect(await screen.findByText(en.errors.staff_login_failed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Solve captcha' })).toBeNull();
  });
});
