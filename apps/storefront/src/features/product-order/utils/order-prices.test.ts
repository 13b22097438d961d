import type { ProductDetail, Upsell } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/catalog-fixtures';
import { priceOrder } from './order-prices';

const tour: ProductDetail = {
  ...aProduct({ id: 4, title: 'Highlights tour', price: 19.5 }),
  types: { price: 'AUDIENCE', capacity: 'PLOT' },
  options: { days: true, timeslots: true, audiences: true },
  full: true,
  key_facts: [],
  audiences: [
    { id: 1, name: 'Adult', description: '', price: 19.5, group: null, min_quantity: 0, dependant: false },
    { id: 2, name: 'Child', description: '', price: 9.5, group: null, min_quantity: 0, dependant: true },
  ],
  cross_sells: [],
  upsell_count: 2,
  availability: null,
  plot: null,
};

const plot: Plot = {
  id: 9,
  date: '2030-01-01',
  time: { start: '10:00', end: null },
  price: null,
  lowestTotalPrice: 39,
  availability: { amount: 10, percentage: 50 },
  maxOrdersReached: false,
  selectable: true,
  audiencePrices: [{ audience: 1, price: 21 }],
};

const upsells: Upsell[] = [
  {
    id: 7,
    title: 'Coffee',
    description: '',
    image: null,
    price: 6,
    upsell_type: 'STANDARD',
    max_quantity: 4,
    donation_step: null,
  },
  {
    id: 8,
    title: 'Donation',
    description: '',
    image: null,
    price: 0,
    upsell_type: 'DONATION',
    max_quantity: null,
    donation_step: 2.5,
  },
];

describe('priceOrder', () => {
  it("prices audiences with the plot's audience prices, falling back to the audience's own", () => {
    const priced = priceOrder(
      tour,
      plot,
      {
        product: { id: 4, plot: 9, quantity: 0 },
        audiences: [
          { id: 1, quantity: 2 },
          { id: 2, quantity: 1 },
        ],
        upsells: [],
      },
      [],
    );
    expect(priced.lines).toEqual([
      { label: 'Adult', quantity: 2, amountCents: 4200 },
      { label: 'Child', quantity: 1, amountCents: 950 },
    ]);
    expect(priced.subtotalCents).toBe(5150);
  });

  it("adds standard upsells at the shop's price and donations at the visitor's amount", () => {
    const plain = {
      ...tour,
      types: { price: 'FIXED' as const, capacity: 'PLOT' as const },
      options: { ...tour.options, audiences: false },
    };
    const priced = priceOrder(
      plain,
      { ...plot, price: 22.5 },
      {
        product: { id: 4, plot: 9, quantity: 2 },
        audiences: [],
        upsells: [
          { id: 7, quantity: 2, price: 1 },
          { id: 8, quantity: 1, price: 7.25 },
        ],
      },
      upsells,
    );
    expect(priced.tickets).toEqual([{ key: 'product', unitPriceCents: 2250, quantity: 2 }]);
    expect(priced.subtotalCents).toBe(4500 + 1200 + 725);
  });
});
