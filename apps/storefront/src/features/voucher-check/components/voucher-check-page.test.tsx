import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passesCheckCharacter } from '@kassa/domain/rules/issued-voucher-code';
import { normaliseVoucherCode } from '@kassa/domain/rules/voucher-code';
import { initI18n } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render-page';
import { VoucherCheckPage } from './voucher-check-page';

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
});
afterEach(() => vi.unstubAllGlobals());

const CODE = 'DEMO-GIFT-CARD-4567';
const path = (code: string) => `/api/voucher/check/${encodeURIComponent(code)}`;

async function check(answers: Parameters<typeof mockApi>[0], typed = CODE.toLowerCase()) {
  const fetchMock = mockApi(answers);
  renderPage('/voucher-check', '/voucher-check', <VoucherCheckPage />);
  await userEvent.type(screen.getByRole('textbox', { name: /^Voucher code/ }), typed);
  await userEvent.click(screen.getByRole('button', { name: 'Check balance' }));
  return fetchMock;
}

describe('VoucherCheckPage', () => {
  it('hints a code in the format the shop issues, one that passes its own check character', () => {
    mockApi({});
    renderPage('/voucher-check', '/voucher-check', <VoucherCheckPage />);
    const input = screen.getByRole('textbox', { name: /^Voucher code/ });
    const pattern = /\bKSA(?:-[2-9A-HJ-NP-Z]{4}){4}-[2-9A-HJ-NP-Z]\b/;
    expect(input).toHaveAccessibleDescription(expect.stringMatching(pattern));
    const example = pattern.exec(screen.getByText(pattern).textContent ?? '')?.[0];
    expect(example).toBeDefined();
    expect(passesCheckCharacter(normaliseVoucherCode(example!))).toBe(true);
    expect(input).not.toHaveAccessibleDescription(expect.stringContaining('ABCD-EFGH'));
  });

  it('shows the code, credit and expiration date (shop date format) in a modal', async () => {
    const fetchMock = await check({
      [path(CODE)]: { credit: 32.5, expiration: '2027-09-18', expired: false },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Your voucher' });
    expect(fetchMock).toHaveBeenCalledWith(path(CODE), expect.objectContaining({ method: 'GET' }));
    const value = (term: string) => within(dialog).getByText(term).nextElementSibling;
    expect(value('Code')).toHaveTextContent(CODE);
    expect(value('Credit')).toHaveTextContent('€32.50');
    expect(value('Valid until')).toHaveTextContent('18-09-2027');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says a code without an expiration date never expires', async () => {
    await check({ [path(CODE)]: { credit: 70, expiration: null, expired: false } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Valid until').nextElementSibling).toHaveTextContent(
      'This voucher does not expire.',
    );
  });

  it('warns that an expired code can no longer be spent', async () => {
    await check({ [path(CODE)]: { credit: 12, expiration: '2026-01-31', expired: true } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This voucher expired on 31-01-2026.');
  });

  it('answers an unknown code with "Voucher not found" and gives focus back on close', async () => {
    await check(
      { [path('NOPE-NOPE')]: { status: 404, body: { ok: false, error: { code: 'VOUCHER_NOT_FOUND' } } } },
      'nope-nope',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Check a voucher' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Voucher not found');
    expect(within(dialog).queryByText('Credit')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Check balance' })).toHaveFocus();
  });

  it('translates a rate limit', async () => {
    await check({ [path(CODE)]: { status: 429, body: { ok: false, error: { code: 'RATE_LIMITED' } } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('asks for a code instead of checking an empty one', async () => {
    const fetchMock = mockApi({});
    renderPage('/voucher-check', '/voucher-check', <VoucherCheckPage />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Voucher code/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Check balance' }));

    const input = screen.getByRole('textbox', { name: /^Voucher code/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Enter a voucher code.'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the captcha on a SECURITY_ code and checks again with the token (decision 0102)', async () => {
    const fetchMock = await check({
      [path(CODE)]: {
        status: 403,
        body: { ok: false, error: { code: 'SECURITY_CAPTCHA_REQUIRED', message: 'Captcha required' } },
      },
      [`${path(CODE)}?captcha=solved-token`]: { credit: 32.5, expiration: null, expired: false },
    });
    const captcha = await screen.findByRole('dialog', { name: 'One more check' });
    expect(captcha).toHaveTextContent('Your code is checked again afterwards.');
    await userEvent.click(within(captcha).getByRole('button', { name: 'Solve captcha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your voucher' });
    expect(within(dialog).getByText('Credit').nextElementSibling).toHaveTextContent('€32.50');
    expect(fetchMock).toHaveBeenLastCalledWith(
      `${path(CODE)}?captcha=solved-token`,
      expect.objectContaining({ method: 'GET' }),
    );
  });
});
