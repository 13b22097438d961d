import { describe, expect, it } from 'vitest';
import { withdrawalDeadline, withdrawalRefusal } from './withdrawal.ts';

const AMSTERDAM = 'Europe/Amsterdam';
const paid = (iso: string) => ({
  kind: 'VOUCHER' as const,
  status: 'PAID',
  paidAt: new Date(iso),
  renewal: false,
});

describe('the right of withdrawal (decision 0254)', () => {
  it('ends at midnight after the 14th day after the purchase, in the shop’s zone', () => {
    // Bought 1 June 23:30 in Amsterdam (21:30 UTC): the period runs 2–15 June.
    expect(withdrawalDeadline(new Date('2026-06-01T21:30:00Z'), AMSTERDAM).toISOString()).toBe(
      '2026-06-15T22:00:00.000Z',
    );
    // Across the autumn change the day still ends at local midnight.
    expect(withdrawalDeadline(new Date('2026-10-20T10:00:00Z'), AMSTERDAM).toISOString()).toBe(
      '2026-11-03T23:00:00.000Z',
    );
  });

  it('refuses dated tickets, renewals, unpaid, withdrawn and late orders', () => {
    const now = new Date('2026-06-10T10:00:00Z');
    expect(withdrawalRefusal(paid('2026-06-01T10:00:00Z'), now, AMSTERDAM)).toBeNull();
    expect(
      withdrawalRefusal({ ...paid('2026-06-01T10:00:00Z'), kind: 'SUBSCRIPTION' }, now, AMSTERDAM),
    ).toBeNull();
    expect(withdrawalRefusal({ ...paid('2026-06-01T10:00:00Z'), kind: 'PRODUCT' }, now, AMSTERDAM)).toBe(
      'WITHDRAWAL_NOT_ELIGIBLE',
    );
    expect(withdrawalRefusal({ ...paid('2026-06-01T10:00:00Z'), renewal: true }, now, AMSTERDAM)).toBe(
      'WITHDRAWAL_NOT_ELIGIBLE',
    );
    expect(
      withdrawalRefusal({ ...paid('2026-06-01T10:00:00Z'), status: 'PENDING', paidAt: null }, now, AMSTERDAM),
    ).toBe('WITHDRAWAL_NOT_PAID');
    expect(withdrawalRefusal({ ...paid('2026-06-01T10:00:00Z'), status: 'CANCELLED' }, now, AMSTERDAM)).toBe(
      'WITHDRAWAL_ALREADY_DONE',
    );
    expect(withdrawalRefusal(paid('2026-05-26T10:00:00Z'), now, AMSTERDAM)).toBe('WITHDRAWAL_PERIOD_OVER');
    // The last minute of the 14th day still counts.
    expect(
      withdrawalRefusal(paid('2026-05-27T10:00:00Z'), new Date('2026-06-10T21:59:00Z'), AMSTERDAM),
    ).toBeNull();
  });
});
