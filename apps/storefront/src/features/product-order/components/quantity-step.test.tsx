import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartOrder } from '@/lib/cart-store';
import { changeLanguage, initI18n } from '@/lib/i18n';
import { aProduct } from '@/testing/catalog-fixtures';
import { newOrder } from '../utils/new-order';
import { isQuantityReady, QuantityStep } from './quantity-step';

beforeAll(async () => {
  await initI18n('en');
});

function detail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...aProduct({ id: 1, title: 'Zoo day' }),
    full: true,
    key_facts: [],
    audiences: [],
    cross_sells: [],
    upsell_count: 0,
    availability: null,
    plot: 9,
    ...overrides,
  };
}

let latest: CartOrder | undefined;
function Harness({ product }: { product: ProductDetail }) {
  const [order, setOrder] = useState(() => newOrder(product));
  return (
    <QuantityStep
      product={product}
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

describe('QuantityStep, plain quantity', () => {
  it('caps plus at the seats left and says so with the maximum', async () => {
    render(<Harness product={detail({ availability: { amount: 3, percentage: 30 } })} />);
    const plus = screen.getByRole('button', { name: 'One more: Tickets' });
    await userEvent.click(plus);
    await userEvent.click(plus);
    expect(screen.getByRole('group', { name: 'Tickets' })).toHaveTextContent('3');
    expect(plus).toBeDisabled();
    expect(screen.getByText('You can order at most 3 tickets.')).toBeInTheDocument();
    expect(latest?.product.quantity).toBe(3);
  });

  it('starts at the minimum, stops minus there and tells the minimum', async () => {
    render(<Harness product={detail({ min_quantity: 2, max_quantity: 6 })} />);
    expect(screen.getByRole('group', { name: 'Tickets' })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'One fewer: Tickets' })).toBeDisabled();
    expect(screen.getByText('Order at least 2 tickets.')).toBeInTheDocument();
  });

  it('says the limit in the singular when one ticket is left (plural rules)', async () => {
    render(<Harness product={detail({ availability: { amount: 1, percentage: 10 } })} />);
    expect(screen.getByText('You can order at most 1 ticket.')).toBeInTheDocument();
  });

  it('clears the minimum message once the quantity is above it', async () => {
    render(<Harness product={detail({ min_quantity: 2, max_quantity: 6 })} />);
    expect(screen.getByText('Order at least 2 tickets.')).toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'One more: Tickets' });
    for (let i = 0; i < 4; i += 1) await userEvent.click(plus);
    expect(screen.getByRole('group', { name: 'Tickets' })).toHaveTextContent('6');
    expect(screen.queryByText('Order at least 2 tickets.')).not.toBeInTheDocument();
  });

  it.each([
    ['nl', 'Je kunt maximaal 1 ticket bestellen.', 'Bestel minstens 2 tickets.'],
    ['de', 'Sie können höchstens 1 Ticket bestellen.', 'Bestellen Sie mindestens 2 Tickets.'],
    ['es', 'Puedes pedir como máximo 1 entrada.', 'Pide al menos 2 entradas.'],
    ['fr', 'Vous pouvez commander au maximum 1 billet.', 'Commandez au moins 2 billets.'],
  ] as const)('uses the plural rules of %s', async (language, atMostOne, atLeastTwo) => {
    await changeLanguage(language);
    try {
      const { unmount } = render(
        <Harness product={detail({ availability: { amount: 1, percentage: 10 } })} />,
      );
      expect(screen.getByText(atMostOne)).toBeInTheDocument();
      unmount();
      render(<Harness product={detail({ min_quantity: 2, max_quantity: 6 })} />);
      expect(screen.getByText(atLeastTwo)).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('says no tickets are available when the open plot is full, and is not ready', () => {
    const product = detail({ availability: { amount: 0, percentage: 0 } });
    render(<Harness product={product} />);
    expect(screen.getByRole('alert')).toHaveTextContent('There are no tickets available.');
    expect(isQuantityReady(product, newOrder(product))).toBe(false);
  });
});

describe('QuantityStep, a product with days', () => {
  const dated = (amount: number | null) =>
    detail({
      options: { days: true, timeslots: true, audiences: false },
      plot: null,
      availability: { amount, percentage: amount === null ? null : 50 },
    });

  it('caps plus at the most seats any date has left, and says so', async () => {
    render(<Harness product={dated(3)} />);
    const plus = screen.getByRole('button', { name: 'One more: Tickets' });
    for (let i = 0; i < 4; i += 1) await userEvent.click(plus);
    expect(screen.getByRole('group', { name: 'Tickets' })).toHaveTextContent('3');
    expect(plus).toBeDisabled();
    expect(screen.getByText('You can order at most 3 tickets.')).toBeInTheDocument();
  });

  it('says no tickets are available when no date has a seat left', () => {
    const product = dated(0);
    render(<Harness product={product} />);
    expect(screen.getByRole('alert')).toHaveTextContent('There are no tickets available.');
    expect(isQuantityReady(product, newOrder(product))).toBe(false);
  });

  it('has no cap but max_quantity when a date has no capacity limit', async () => {
    render(<Harness product={{ ...dated(null), max_quantity: 2 }} />);
    const plus = screen.getByRole('button', { name: 'One more: Tickets' });
    await userEvent.click(plus);
    expect(plus).toBeDisabled();
    expect(screen.getByText('You can order at most 2 tickets.')).toBeInTheDocument();
  });
});

describe('QuantityStep, audiences', () => {
  const product = detail({
    options: { days: true, timeslots: true, audiences: true },
    types: { price: 'AUDIENCE', capacity: 'PLOT' },
    max_quantity: 8,
    audiences: [
      {
        id: 1,
        name: 'Adult',
        description: '18 and over',
        price: 19.5,
        group: null,
        min_quantity: 0,
        dependant: false,
      },
      {
        id: 2,
        name: 'Child',
        description: 'With an adult',
        price: 9.5,
        group: null,
        min_quantity: 0,
        dependant: true,
      },
      {
        id: 3,
        name: 'School group',
        description: '',
        price: 12,
        group: 'groups',
        min_quantity: 5,
        dependant: false,
      },
    ],
  });

  it('shows name, description and price per audience and jumps a group to its minimum', async () => {
    render(<Harness product={product} />);
    expect(screen.getByText('18 and over')).toBeInTheDocument();
    expect(screen.getByText('€19.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'One more: School group' }));
    expect(screen.getByRole('group', { name: 'School group' })).toHaveTextContent('5');
    await userEvent.click(screen.getByRole('button', { name: 'One fewer: School group' }));
    expect(screen.getByRole('group', { name: 'School group' })).toHaveTextContent('0');
  });

  it('is ready only with a non-dependant audience, and stops at max_quantity', async () => {
    render(<Harness product={product} />);
    await userEvent.click(screen.getByRole('button', { name: 'One more: Child' }));
    expect(isQuantityReady(product, latest!)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'One more: Adult' }));
    expect(isQuantityReady(product, latest!)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'One more: School group' }));
    await userEvent.click(screen.getByRole('button', { name: 'One more: Adult' }));
    expect(screen.getByText('You can order at most 8 tickets.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'One more: Adult' })).toBeDisabled();
  });

  it('keeps the audience total within the most seats any date has left, and says so', async () => {
    render(<Harness product={{ ...product, availability: { amount: 3, percentage: 5 } }} />);
    const plusAdult = screen.getByRole('button', { name: 'One more: Adult' });
    for (let i = 0; i < 3; i += 1) await userEvent.click(plusAdult);
    expect(screen.getByText('You can order at most 3 tickets.')).toBeInTheDocument();
    expect(plusAdult).toBeDisabled();
    expect(screen.getByRole('button', { name: 'One more: Child' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'One more: School group' })).toBeDisabled();
  });
});
