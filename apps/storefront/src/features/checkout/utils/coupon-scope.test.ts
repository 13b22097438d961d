import type { CouponResult } from '@kassa/domain/contract/coupon';
import { texts } from '@/lib/texts';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { couponScope } from './coupon-scope';

beforeAll(async () => {
  await initI18n('en');
});

const coupon = (type: 'PERCENTAGE' | 'AMOUNT', value: number, max: number | null = null): CouponResult => ({
  type: 'COUPON',
  data: { type, value, max_ticket_amount: max, credit: null, code: 'C', barcode: null },
});

describe('couponScope (decision 0010: tickets only)', () => {
  it('says a percentage coupon is off tickets, not extras', () => {
    expect(couponScope(coupon('PERCENTAGE', 10), texts.t, 'en', 'EUR')).toBe(
      '10% off tickets (not extras)',
    );
  });

  it('names the ticket limit and the amount in the shop’s currency', () => {
    expect(couponScope(coupon('PERCENTAGE', 25, 2), texts.t, 'en', 'EUR')).toBe(
      '25% off 2 tickets at most (not extras)',
    );
    expect(couponScope(coupon('AMOUNT', 5), texts.t, 'en', 'EUR')).toBe('€5.00 off tickets (not extras)');
  });

  it('has nothing to say about voucher credit', () => {
    const voucher: CouponResult = { ...coupon('AMOUNT', 32.5), type: 'VOUCHER' };
    expect(couponScope(voucher, texts.t, 'en', 'EUR')).toBeNull();
  });
});
