import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { DonationInput } from './donation-input';

beforeAll(async () => {
  await initI18n('en');
});

let last: { amount: number; quantity: number } = { amount: 0, quantity: 0 };
function Harness() {
  const [amount, setAmount] = useState(0);
  return (
    <DonationInput
      title="Restoration fund"
      amount={amount}
      stepAmount={2.5}
      onChange={(next, quantity) => {
        last = { amount: next, quantity };
        setAmount(next);
      }}
    />
  );
}

describe('DonationInput', () => {
  it('starts at 0 and steps by donation_step, never below 0', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Your donation: Restoration fund');
    expect(input).toHaveValue('0.00');
    expect(screen.getByRole('button', { name: 'Give less: Restoration fund' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Give more: Restoration fund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Give more: Restoration fund' }));
    expect(input).toHaveValue('5.00');
    expect(last).toEqual({ amount: 5, quantity: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Give less: Restoration fund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Give less: Restoration fund' }));
    expect(last).toEqual({ amount: 0, quantity: 0 });
  });

  it('cleans typed input: comma as a dot, 2 decimals, anything unreadable is 0', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Your donation: Restoration fund');
    fireEvent.change(input, { target: { value: '€ 12,345' } });
    expect(last).toEqual({ amount: 12.35, quantity: 1 });
    fireEvent.blur(input);
    expect(input).toHaveValue('12.35');
    fireEvent.change(input, { target: { value: '1.2.3' } });
    expect(last).toEqual({ amount: 0, quantity: 0 });
  });
});
