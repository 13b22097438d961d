import type { Client } from '@kassa/domain/contract/client';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { SubscriptionChoice } from './subscription-choice';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Pass = Client['subscriptions'][number];
const pass = (token: string, overrides: Partial<Pass> = {}): Pass => ({
  id: token.length,
  token,
  type: 'ONLINE',
  redeem: 'ONLINE',
  available_redemptions: 3,
  subscription: {
    id: 1,
    title: `Pass ${token}`,
    products: [7],
    redemptions: 10,
    expiration: { date: '2027-01-01' },
  },
  ...overrides,
});

let chosen: string | null | undefined;
function Harness({ subscriptions }: { subscriptions: Pass[] }) {
  const [value, setValue] = useState<string | null | undefined>(undefined);
  return (
    <SubscriptionChoice
      subscriptions={subscriptions}
      productId={7}
      quantity={2}
      value={value}
      onChange={(token) => {
        chosen = token;
        setValue(token);
      }}
    />
  );
}

describe('SubscriptionChoice', () => {
  it('lists only eligible subscriptions and preselects the first after 100 ms', () => {
    chosen = undefined;
    render(
      <Harness
        subscriptions={[
          pass('physical', { type: 'PHYSICAL' }),
          pass('too-few', { available_redemptions: 1 }),
          pass('good'),
          pass('also-good'),
        ]}
      />,
    );
    expect(screen.queryByLabelText(/Pass physical/)).toBeNull();
    expect(screen.queryByLabelText(/Pass too-few/)).toBeNull();
    act(() => vi.advanceTimersByTime(99));
    expect(chosen).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(chosen).toBe('good');
    expect(screen.getByLabelText(/Pass good/)).toBeChecked();
  });

  it('choosing no subscription removes it and is not undone by the preselect', () => {
    render(<Harness subscriptions={[pass('good')]} />);
    fireEvent.click(screen.getByLabelText('No subscription'));
    act(() => vi.advanceTimersByTime(500));
    expect(chosen).toBeNull();
    expect(screen.getByLabelText('No subscription')).toBeChecked();
  });

  it('shows nothing without an eligible subscription', () => {
    const { container } = render(
      <Harness
        subscriptions={[pass('other', { subscription: { ...pass('x').subscription, products: [8] } })]}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
