import type { CouponResult } from '@kassa/domain/contract/coupon';
import { describe, expect, it } from 'vitest';
import { orderTotals } from './order-totals';

const coupon = (type: 'PERCENTAGE' | 'AMOUNT', value: number, max: number | null = null): CouponResult => ({
  type: 'COUPON',
  data: { type, value, max_ticket_amount: max, credit: null, code: 'C', barcode: null },
});
const voucher = (credit: number): CouponResult => ({
  type: 'VOUCHER',
  data: { type: 'AMOUNT', value: credit, max_ticket_amount: null, credit, code: 'V', barcode: null },
});
const tickets = [
  { key: '0-product', unitPriceCents: 2250, quantity: 2 },
  { key: '1-audience-1', unitPriceCents: 1950, quantity: 2 },
];
const base = {
  subtotalsCents: [4950, 3900],
  tickets,
  coupons: [],
  additions: [
    { id: 1, name: 'Service', amount: 0.95, type: 0 as const },
    { id: 2, name: 'Rebook', amount: 2.5, type: 1 as const },
  ],
  rebooking: false,
  onInvoice: false,
};

describe('orderTotals', () => {
  it('adds the items and the new-booking additions', () => {
    expect(orderTotals(base)).toEqual({
      subtotalCents: 8850,
      discountCents: 0,
      additionsCents: 95,
      creditCents: 0,
      totalCents: 8945,
    });
  });

  it('takes a percentage coupon off the ticket lines only, not the extras', () => {
    expect(orderTotals({ ...base, coupons: [coupon('PERCENTAGE', 10)] }).discountCents).toBe(840);
  });

  it('limits a coupon to max_ticket_amount tickets, the dearest first', () => {
    expect(orderTotals({ ...base, coupons: [coupon('PERCENTAGE', 25, 2)] }).discountCents).toBe(1125);
  });

  it('pays the rest with voucher credit after coupons, never below 0, and then drops the additions', () => {
    const totals = orderTotals({ ...base, coupons: [coupon('AMOUNT', 5), voucher(100)] });
    expect(totals).toEqual({
      subtotalCents: 8850,
      discountCents: 8850,
      additionsCents: 0,
      creditCents: 0,
      totalCents: 0,
    });
  });

  it('takes the rebooking credit off after the rebooking fee, never below 0', () => {
    const rebooking = { ...base, subtotalsCents: [4000], rebooking: true };
    expect(orderTotals({ ...rebooking, rebookCreditCents: 3000 })).toMatchObject({
      additionsCents: 250,
      creditCents: 3000,
      totalCents: 1250,
    });
    // A cheaper slot: the fee is still due, the rest of the credit is not paid out.
    expect(orderTotals({ ...rebooking, rebookCreditCents: 9000 })).toMatchObject({
      creditCents: 4250,
      totalCents: 0,
    });
    expect(orderTotals({ ...base, rebookCreditCents: 3000 }).creditCents).toBe(0);
  });

  it('uses the rebooking additions when rebooking, and shows 0 on invoice', () => {
    expect(orderTotals({ ...base, rebooking: true }).additionsCents).toBe(250);
    expect(orderTotals({ ...base, onInvoice: true }).totalCents).toBe(0);
  });
});
