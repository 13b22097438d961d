import { describe, expect, it } from 'vitest';
import { aCategory, aHome, aProduct, aSubscription, aVoucher } from '@/testing/catalog-fixtures';
import { categoryItems, childCategories, parentOf } from './category-entries';

describe('category entries', () => {
  const all = [
    aCategory({ id: 1, title: 'Museum', children: [2, 3, 4] }),
    aCategory({ id: 2, title: 'Tours', parent: 1, sort: 5 }),
    aCategory({ id: 3, title: 'Exhibitions', parent: 1, sort: 1 }),
    aCategory({ id: 4, title: 'Archived', parent: 1, state: 'ARCHIVED' }),
  ];

  it('lists the published children by sort and finds the parent', () => {
    expect(childCategories(all[0]!, all).map((c) => c.title)).toEqual(['Exhibitions', 'Tours']);
    expect(parentOf(all[1]!, all)?.title).toBe('Museum');
    expect(parentOf(all[0]!, all)).toBeUndefined();
  });

  it('takes the items the detail names from the home list, products first, each kind by sort', () => {
    const detail = aCategory({
      id: 1,
      title: 'Museum',
      full: true,
      products: [7, 8],
      subscriptions: [9],
      vouchers: [],
    });
    const home = aHome({
      products: [
        aProduct({ id: 7, title: 'Admission', sort: 3 }),
        aProduct({ id: 8, title: 'Tour', sort: 1 }),
        aProduct({ id: 99, title: 'Elsewhere' }),
      ],
      subscriptions: [aSubscription({ id: 9, title: 'Pass', sort: 2 })],
      vouchers: [aVoucher({ id: 10, title: 'Gift' })],
    });
    expect(categoryItems(detail, home).map((entry) => `${entry.kind}:${entry.item.title}`)).toEqual([
      'product:Tour',
      'product:Admission',
      'subscription:Pass',
    ]);
  });
});
