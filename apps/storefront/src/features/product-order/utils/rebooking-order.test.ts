import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { Rebooking } from '@kassa/domain/contract/rebook';
import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/catalog-fixtures';
import { rebookingOrder } from './rebooking-order';

const audience = (id: number, name: string) => ({
  id,
  name,
  description: '',
  price: 10,
  group: null,
  min_quantity: 0,
  dependant: false,
});

function product(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...aProduct({ id: 7, title: 'Zoo day' }),
    full: true,
    key_facts: [],
    audiences: [],
    cross_sells: [],
    upsell_count: 0,
    availability: null,
    plot: null,
    options: { days: true, timeslots: true, audiences: false },
    ...overrides,
  } as ProductDetail;
}

function rebooking(quantity: Rebooking['quantity'], plot: number | null = 55): Rebooking {
  return {
    hash: 'h',
    secret: 's',
    product: 7,
    plot,
    status: 'PAID',
    amount: 20,
    customer: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      company: null,
      vat_id: null,
      address: null,
      city: null,
      fields: {},
    },
    quantity,
  };
}

describe('rebookingOrder', () => {
  it('keeps a plain quantity and preselects the booked plot', () => {
    expect(rebookingOrder(product(), rebooking({ product: 3, upsells: {} }))).toEqual({
      product: { id: 7, plot: 55, quantity: 3 },
      audiences: [],
      upsells: [],
    });
  });

  it('keeps the quantity per audience, 0 for audiences the order did not have', () => {
    const withAudiences = product({
      options: { days: true, timeslots: true, audiences: true },
      audiences: [audience(1, 'Adult'), audience(2, 'Child'), audience(3, 'Senior')],
    });
    const order = rebookingOrder(withAudiences, rebooking({ product: { '1': 2, '2': 1 }, upsells: {} }));
    expect(order.audiences).toEqual([
      { id: 1, quantity: 2 },
      { id: 2, quantity: 1 },
      { id: 3, quantity: 0 },
    ]);
    expect(order.product.quantity).toBe(0);
  });

  it('prefills the upsells the order had, dropping those at 0', () => {
    const order = rebookingOrder(
      product(),
      rebooking({ product: 2, upsells: { '9': 2, '10': 0, '11': { '1': 1, '2': 1 } } }),
    );
    expect(order.upsells).toEqual([
      { id: 9, quantity: 2, price: 0 },
      { id: 11, quantity: 2, price: 0 },
    ]);
  });

  it('uses the open plot of a product without days when the order names none', () => {
    const open = product({ options: { days: false, timeslots: false, audiences: false }, plot: 99 });
    expect(rebookingOrder(open, rebooking({ product: 1, upsells: {} }, null)).product.plot).toBe(99);
  });
});
