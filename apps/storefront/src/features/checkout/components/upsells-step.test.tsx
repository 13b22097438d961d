import type { Upsell } from '@kassa/domain/contract/catalog';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartOrder } from '@/lib/cart-store';
import { initI18n } from '@/lib/i18n';
import { UpsellsStep } from './upsells-step';

beforeAll(async () => {
  await initI18n('en');
});

const upsells: Upsell[] = [
  {
    id: 7,
    title: 'Coffee and cake',
    description:
      '<p>With <strong>apple cake</strong><img src="x" onerror="alert(1)"></p><script>alert(2)</script>',
    image: '/media/coffee.svg',
    price: 6,
    upsell_type: 'STANDARD',
    max_quantity: 2,
    donation_step: null,
  },
  {
    id: 8,
    title: 'Museum map',
    description: 'Free to take',
    image: null,
    price: 0,
    upsell_type: 'STANDARD',
    max_quantity: null,
    donation_step: null,
  },
];

let latest: CartOrder | undefined;
function Harness() {
  const [order, setOrder] = useState<CartOrder>({
    product: { id: 1, plot: 2, quantity: 1 },
    audiences: [],
    upsells: [],
  });
  return (
    <UpsellsStep
      upsells={upsells}
      order={order}
      onChange={(change) =>
        setOrder((current) => {
          latest = change(current);
          return latest;
        })
      }
    />
  );
}

describe('UpsellsStep', () => {
  it('shows the sanitised shop HTML, the price or the free label', () => {
    const { container } = render(<Harness />);
    expect(screen.getByText('apple cake').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('€6.00')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('steps a standard upsell from 0 up to its max_quantity', async () => {
    render(<Harness />);
    const more = screen.getByRole('button', { name: 'One more: Coffee and cake' });
    expect(screen.getByRole('button', { name: 'One fewer: Coffee and cake' })).toBeDisabled();
    await userEvent.click(more);
    await userEvent.click(more);
    expect(more).toBeDisabled();
    expect(latest?.upsells).toEqual([{ id: 7, quantity: 2, price: 6 }]);
  });
});
