import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import en from '../locales/en.json';
import { loadStaffTexts } from '../hooks/use-staff-text';
import { SetPasswordPage } from './set-password-page';

beforeAll(async () => {
  await initI18n('en');
  await loadStaffTexts('en');
});
afterEach(() => vi.unstubAllGlobals());

const texts = en.staffAccounts.password;

async function type(user: ReturnType<typeof userEvent.setup>, password: string, repeat: string) {
  await user.clear(screen.getByLabelText(texts.new, { exact: false }));
  await user.type(screen.getByLabelText(texts.new, { exact: false }), password);
  await user.clear(screen.getByLabelText(texts.repeat, { exact: false }));
  await user.type(screen.getByLabelText(texts.repeat, { exact: false }), repeat);
  await user.click(screen.getByRole('button', { name: texts.submit }));
}

describe('SetPasswordPage', () => {
  it(
    'checks the password before it spends the single-use link, then sets it and points to the login',
    { timeout: 20_000 },
    async () => {
      const fetchMock = mockApi({ '/api/staff/password': { email: 'desk@example.test' } });
      renderPage('/staff/password?token=abc', '/staff/password', <SetPasswordPage />);
      const user = userEvent.setup();
      await type(user, 'short', 'short');
      expect(await screen.findByText(texts.too_short.replace('{{min}}', '10'))).toBeVisible();
      await type(user, 'a long password', 'a long passw0rd');
      expect(await screen.findByText(texts.differ)).toBeVisible();
      expect(fetchMock).not.toHaveBeenCalled();

      await type(user, 'a long password', 'a long password');
      expect(await screen.findByText(texts.done.replace('{{email}}', 'desk@example.test'))).toBeVisible();
      expect(screen.getByRole('link', { name: texts.login })).toHaveAttribute('href', '/staff/login');
      const [, init] = fetchMock.mock.calls[0]!;
      expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc', password: 'a long password' });
    },
  );

  it('says so when the link was used or has expired, and when it carries no token', async () => {
    mockApi({
      '/api/staff/password': {
        status: 400,
        body: { ok: false, error: { code: 'STAFF_PASSWORD_LINK_INVALID' } },
      },
    });
    const { unmount } = renderPage('/staff/password?token=used', '/staff/password', <SetPasswordPage />);
    await type(userEvent.setup(), 'a long password', 'a long password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      en.staffAccounts.errors.staff_password_link_invalid,
    );
    unmount();
    renderPage('/staff/password', '/staff/password', <SetPasswordPage />);
    expect(screen.getByRole('alert')).toHaveTextContent(texts.no_token);
    expect(screen.queryByRole('button', { name: texts.submit })).toBeNull();
  });
});
