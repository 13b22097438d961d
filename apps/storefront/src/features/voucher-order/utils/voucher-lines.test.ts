import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import { describe, expect, it } from 'vitest';
import { voucherLines, voucherSelection } from './voucher-lines';

const voucher = {
  values: [
    { id: 1, name: '€25', description: '', price: 25, availability: null },
    { id: 2, name: '€50', description: '', price: 50, availability: 3 },
  ],
} as unknown as VoucherDetail;

describe('voucher lines', () => {
  it('makes one summary line per value with a quantity, at the value’s price', () => {
    expect(voucherLines(voucher, { 1: 2, 2: 0 })).toEqual([{ label: '€25', quantity: 2, amountCents: 5000 }]);
  });

  it('sends only values with a quantity, and their total as the voucher quantity', () => {
    expect(voucherSelection({ 1: 1, 2: 2, 3: 0 })).toEqual({
      values: [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 2 },
      ],
      total: 3,
    });
  });
});
