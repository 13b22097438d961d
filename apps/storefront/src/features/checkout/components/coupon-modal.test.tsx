import type { CouponResult } from '@kassa/domain/contract/coupon';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { initI18n } from '@/lib/i18n';
import { CouponModal } from './coupon-modal';

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

const accepted: CouponResult = {
  type: 'COUPON',
  data: {
    type: 'PERCENTAGE',
    value: 10,
    max_ticket_amount: null,
    credit: null,
    code: 'WELCOME10',
    barcode: null,
  },
};

function Harness({
  redeem,
  onApplied,
}: {
  redeem: (code: string, captcha?: string) => Promise<CouponResult>;
  onApplied: (r: CouponResult) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Redeem
      </button>
      <CouponModal open={open} onClose={() => setOpen(false)} redeem={redeem} onApplied={onApplied} />
    </>
  );
}

describe('CouponModal', () => {
  it('sends the code in capitals, then shows the success message and a Continue that closes it', async () => {
    const redeem = vi.fn(async () => accepted);
    const onApplied = vi.fn();
    render(<Harness redeem={redeem} onApplied={onApplied} />);
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await userEvent.type(screen.getByLabelText('Coupon or voucher code'), ' welcome10 ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(redeem).toHaveBeenCalledWith('WELCOME10', undefined);
    expect(onApplied).toHaveBeenCalledWith(accepted);
    expect(await screen.findByText('Code WELCOME10 has been applied to your order.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's error_info, else the translated not_valid, and starts afresh when reopened", async () => {
    const redeem = vi
      .fn<(code: string) => Promise<CouponResult>>()
      .mockRejectedValueOnce(
        new ApiError(400, 'COUPON_NOT_VALID', 'Code X is not valid', 'This code has expired.'),
      )
      .mockRejectedValueOnce(new ApiError(400, 'COUPON_NOT_VALID', 'Code Y is not valid'));
    render(<Harness redeem={redeem} onApplied={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    const input = screen.getByLabelText('Coupon or voucher code');
    await userEvent.type(input, 'summer5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code has expired.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByLabelText('Coupon or voucher code')).toHaveValue('');
    expect(screen.queryByText('This code is not valid.')).toBeNull();
  });

  it('opens the captcha modal on a SECURITY_ answer and sends the code again with its token', async () => {
    const redeem = vi
      .fn<(code: string, captcha?: string) => Promise<CouponResult>>()
      .mockRejectedValueOnce(new ApiError(403, 'SECURITY_CAPTCHA_REQUIRED', 'Captcha required'))
      .mockResolvedValueOnce(accepted);
    const onApplied = vi.fn();
    render(<Harness redeem={redeem} onApplied={onApplied} />);
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await userEvent.type(screen.getByLabelText('Coupon or voucher code'), 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const captcha = await screen.findByRole('dialog', { name: 'One more check' });
    expect(captcha).toHaveTextContent('Your code is checked again afterwards.');
    await userEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(redeem).toHaveBeenLastCalledWith('WELCOME10', 'solved-token');
    expect(onApplied).toHaveBeenCalledWith(accepted);
    expect(await screen.findByText('Code WELCOME10 has been applied to your order.')).toBeInTheDocument();
  });

  it('gives focus back to the code field after a bad code, and still closes on Escape', async () => {
    const redeem = vi
      .fn<(code: string) => Promise<CouponResult>>()
      .mockRejectedValueOnce(new ApiError(400, 'COUPON_NOT_VALID', 'Code X is not valid'));
    render(<Harness redeem={redeem} onApplied={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    const input = screen.getByLabelText('Coupon or voucher code');
    await userEvent.type(input, 'nope{Enter}');
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    expect(input).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Redeem' })).toHaveFocus();
  });
});
