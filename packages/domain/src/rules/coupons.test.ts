import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponDiscountByLine,
  couponDiscountCents,
  couponTermsFromWire,
  couponTermsToWire,
  dedupeCouponCodes,
  normaliseCouponCode,
  voucherCreditsUsed,
} from './coupons.ts';

const lines = [
  { key: 'child', unitPriceCents: 500, quantity: 2 },
  { key: 'adult', unitPriceCents: 1500, quantity: 2 },
];

describe('coupon codes', () => {
  it('display in uppercase without surrounding spaces', () => {
    expect(normaliseCouponCode(' summer10 ')).toBe('SUMMER10');
  });

  it('drop case-insensitive duplicates and empty codes, keeping the first', () => {
    expect(dedupeCouponCodes(['summer', 'SUMMER', ' ', 'Winter', 'sUmMeR'])).toEqual(['SUMMER', 'WINTER']);
  });
});

describe('couponDiscountByLine', () => {
  it('takes a percentage (in hundredths of a percent) of every ticket', () => {
    expect(couponDiscountCents({ kind: 'PERCENTAGE', value: 1000, maxTicketAmount: null }, lines)).toBe(400);
  });

  it('discounts only max_ticket_amount tickets, the most expensive first', () => {
    const discount = couponDiscountByLine({ kind: 'PERCENTAGE', value: 5000, maxTicketAmount: 3 }, lines);
    expect(Object.fromEntries(discount)).toEqual({ adult: 1500, child: 250 });
  });

  it('takes a fixed amount once, capped at the counted tickets', () => {
    expect(couponDiscountCents({ kind: 'AMOUNT', value: 700, maxTicketAmount: null }, lines)).toBe(700);
    expect(couponDiscountCents({ kind: 'AMOUNT', value: 99_999, maxTicketAmount: 1 }, lines)).toBe(1500);
  });

  it('never discounts more than the counted tickets cost (property)', () => {
    const line = fc.record({ key: fc.string(), unitPriceCents: fc.nat(100_000), quantity: fc.nat(20) });
    fc.assert(
      fc.property(
        fc.uniqueArray(line, { selector: (l) => l.key, maxLength: 6 }),
        fc.constantFrom('PERCENTAGE' as const, 'AMOUNT' as const),
        fc.nat(20_000),
        fc.option(fc.nat(30), { nil: null }),
        (ticketLines, kind, value, maxTicketAmount) => {
          const byLine = couponDiscountByLine({ kind, value, maxTicketAmount }, ticketLines);
          const sum = ticketLines.reduce((total, l) => total + l.unitPriceCents * l.quantity, 0);
          const discount = [...byLine.values()].reduce((total, cents) => total + cents, 0);
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(sum);
          for (const l of ticketLines)
            expect(byLine.get(l.key)!).toBeLessThanOrEqual(l.unitPriceCents * l.quantity);
        },
      ),
    );
  });
});

describe('voucherCreditsUsed', () => {
  it('uses vouchers in order up to their balance and the payable amount', () => {
    expect(voucherCreditsUsed([1000, 5000, 300], 3000)).toEqual([1000, 2000, 0]);
    expect(voucherCreditsUsed([1000], 0)).toEqual([0]);
  });
});

describe('coupon wire terms', () => {
  it('round-trip between percent or money and hundredths or cents', () => {
    const terms = { kind: 'PERCENTAGE' as const, value: 1250, maxTicketAmount: 2 };
    expect(couponTermsToWire(terms)).toEqual({ type: 'PERCENTAGE', value: 12.5, max_ticket_amount: 2 });
    expect(couponTermsFromWire(couponTermsToWire(terms))).toEqual(terms);
    expect(couponTermsFromWire({ type: 'AMOUNT', value: 7.35, max_ticket_amount: null }).value).toBe(735);
  });
});
