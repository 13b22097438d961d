import { describe, expect, it } from 'vitest';
import { aCategory, aHome, aProduct, aSubscription, aVoucher } from '@/testing/catalog-fixtures';
import { arrangeHome, type HomeInput } from './arrange-home';

const home = aHome({
  products: [
    aProduct({ id: 1, title: 'Admission', category: 10, sort: 1 }),
    aProduct({ id: 2, title: 'Permit', sort: 5 }),
    aProduct({ id: 3, title: 'Draft tour', state: 'DRAFT' }),
  ],
  subscriptions: [
    aSubscription({ id: 4, title: 'Year pass', sort: 2 }),
    aSubscription({ id: 5, title: 'Ten visits', sort: 9 }),
  ],
  vouchers: [aVoucher({ id: 6, title: 'Gift card', sort: 0 })],
});
const categories = [
  aCategory({ id: 10, title: 'Museum', sort: 2 }),
  aCategory({ id: 11, title: 'Days out', sort: 1 }),
  aCategory({ id: 12, title: 'Exhibitions', parent: 10, sort: 0 }),
  aCategory({ id: 13, title: 'Hidden', state: 'INVISIBLE', sort: 0 }),
];
const input: HomeInput = {
  home,
  categories,
  categoriesEnabled: true,
  cartCount: 0,
  renewingSubscriptionId: null,
};
const titles = (entries: { item: { title: string } }[]) => entries.map((entry) => entry.item.title);

describe('arrangeHome', () => {
  it('puts uncategorised items first, then the listed top-level categories, each by sort', () => {
    const layout = arrangeHome(input);
    expect(layout.layout).toBe('categorised');
    expect(titles(layout.items)).toEqual(['Permit', 'Year pass', 'Ten visits', 'Gift card']);
    expect(layout.categories.map((category) => category.title)).toEqual(['Days out', 'Museum']);
  });

  it('lists every published item flat when the shop has no categories', () => {
    const layout = arrangeHome({ ...input, categoriesEnabled: false });
    expect(layout.layout).toBe('flat');
    expect(titles(layout.items)).toEqual(['Admission', 'Permit', 'Year pass', 'Ten visits', 'Gift card']);
    expect(layout.categories).toEqual([]);
  });

  it('leads with the products even when a voucher’s own sort number is lower (decision 0142)', () => {
    const layout = arrangeHome({ ...input, categoriesEnabled: false });
    expect(layout.items.map((entry) => entry.kind)).toEqual([
      'product',
      'product',
      'subscription',
      'subscription',
      'voucher',
    ]);
  });

  it('hides subscriptions and vouchers while the product cart is not empty', () => {
    const layout = arrangeHome({ ...input, cartCount: 1 });
    expect(layout.items.map((entry) => entry.kind)).toEqual(['product']);
  });

  it('during a renewal: flat, no products, the renewed subscription marked current', () => {
    const layout = arrangeHome({ ...input, renewingSubscriptionId: 5 });
    expect(layout.layout).toBe('flat');
    expect(layout.items.some((entry) => entry.kind === 'product')).toBe(false);
    expect(layout.items.filter((entry) => entry.kind === 'subscription')).toEqual([
      expect.objectContaining({ current: false, item: expect.objectContaining({ id: 4 }) }),
      expect.objectContaining({ current: true, item: expect.objectContaining({ id: 5 }) }),
    ]);
  });
});
