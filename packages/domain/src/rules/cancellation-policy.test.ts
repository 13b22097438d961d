import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  feePercentAt,
  policyProblem,
  quoteCancellation,
  type CancellationPolicy,
} from './cancellation-policy.ts';
import { refundShare } from './refund-share.ts';
import { instantOfWallClock } from './wall-clock.ts';

const HOUR = 3_600_000;
const policy: CancellationPolicy = {
  freeUntilHours: 48,
  tiers: [{ untilHours: 24, feePercent: 50 }],
  refundTo: 'choice',
  voucherBonusPercent: 10,
};

describe('quoteCancellation', () => {
  const visit = Date.UTC(2026, 5, 10, 10, 0);

  it('is free until 48 hours before, 50 % until 24 hours, then not possible', () => {
    expect(quoteCancellation(policy, visit, visit - 48 * HOUR, 3000)).toMatchObject({
      ok: true,
      feeCents: 0,
      refundCents: 3000,
      methods: ['original', 'voucher'],
      voucherCents: 3300,
      termsEndAt: new Date(visit - 48 * HOUR),
    });
    expect(quoteCancellation(policy, visit, visit - 48 * HOUR + 1, 3000)).toMatchObject({
      ok: true,
      feePercent: 50,
      feeCents: 1500,
      refundCents: 1500,
      voucherCents: 1650,
    });
    expect(quoteCancellation(policy, visit, visit - 24 * HOUR, 3001)).toMatchObject({
      ok: true,
      feeCents: 1500,
      refundCents: 1501,
    });
    expect(quoteCancellation(policy, visit, visit - 24 * HOUR + 1, 3000)).toEqual({
      ok: false,
      code: 'too-late',
    });
    expect(quoteCancellation(policy, visit, visit, 3000)).toEqual({ ok: false, code: 'visit-started' });
  });

  it('offers only the policy’s method, and no bonus on money back', () => {
    const original = quoteCancellation(
      { ...policy, refundTo: 'original', voucherBonusPercent: undefined },
      visit,
      0,
      999,
    );
    expect(original).toMatchObject({ methods: ['original'], voucherCents: 999 });
  });

  it('counts elapsed hours over the spring change: 48 h before 30 March 10:00 in Amsterdam is 28 March 09:00', () => {
    const visitAt = instantOfWallClock('2026-03-30', '10:00', 'Europe/Amsterdam');
    const free = quoteCancellation(
      policy,
      visitAt,
      instantOfWallClock('2026-03-28', '09:00', 'Europe/Amsterdam'),
      1000,
    );
    const fee = quoteCancellation(
      policy,
      visitAt,
      instantOfWallClock('2026-03-28', '09:01', 'Europe/Amsterdam'),
      1000,
    );
    expect(free).toMatchObject({ ok: true, feeCents: 0 });
    expect(fee).toMatchObject({ ok: true, feeCents: 500 });
  });

  it('refuses a share that is not whole cents', () => {
    expect(() => quoteCancellation(policy, visit, 0, 1.5)).toThrow(RangeError);
  });
});

describe('policyProblem', () => {
  it('accepts a sound policy and names what is wrong with others', () => {
    expect(policyProblem(policy)).toBeNull();
    expect(policyProblem({ ...policy, tiers: [{ untilHours: 48, feePercent: 50 }] })).toMatch(/fewer hours/);
    expect(policyProblem({ ...policy, tiers: [{ untilHours: 24, feePercent: 0 }] })).toMatch(/feePercent/);
    expect(
      policyProblem({
        ...policy,
        tiers: [
          { untilHours: 30, feePercent: 50 },
          { untilHours: 10, feePercent: 20 },
        ],
      }),
    ).toMatch(/cost less/);
    expect(policyProblem({ ...policy, refundTo: 'original' })).toMatch(/bonus/);
    expect(policyProblem({ ...policy, freeUntilHours: -1 })).toMatch(/freeUntilHours/);
  });
});

const zones = [
  'Europe/Amsterdam',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'UTC',
  'Pacific/Chatham',
];

const policies = fc
  .tuple(
    fc.integer({ min: 0, max: 200 }),
    fc.uniqueArray(fc.integer({ min: 0, max: 199 }), { maxLength: 3 }),
    fc.integer({ min: 1, max: 100 }),
  )
  .map(([free, hours, fee]): CancellationPolicy => ({
    freeUntilHours: free,
    tiers: hours
      .filter((hour) => hour < free)
      .sort((a, b) => b - a)
      .map((untilHours, index) => ({ untilHours, feePercent: Math.min(100, fee + index * 10) })),
    refundTo: 'choice',
    voucherBonusPercent: 5,
  }));

describe('properties', () => {
  it('tiers are elapsed hours before the visit in every zone, across a summer-time change', () => {
    // Visits on the days around the spring and autumn changes (both hemispheres).
    const dates = [
      '2026-03-08',
      '2026-03-29',
      '2026-03-30',
      '2026-04-05',
      '2026-10-04',
      '2026-10-25',
      '2026-10-26',
      '2026-11-01',
    ];
    fc.assert(
      fc.property(
        policies,
        fc.constantFrom(...zones),
        fc.constantFrom(...dates),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: -10 * HOUR, max: 250 * HOUR }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (p, zone, date, hour, before, share) => {
          const visit = instantOfWallClock(date, `${String(hour).padStart(2, '0')}:30`, zone);
          const answer = quoteCancellation(p, visit, visit - before, share);
          if (before <= 0) {
            expect(answer).toEqual({ ok: false, code: 'visit-started' });
            return;
          }
          const terms = feePercentAt(p, before);
          if (!terms) {
            expect(answer).toEqual({ ok: false, code: 'too-late' });
            return;
          }
          if (!answer.ok) throw new Error('expected a quote');
          // The free period ends exactly freeUntilHours × 3600 s before the visit.
          expect(answer.feePercent === 0).toBe(before >= p.freeUntilHours * HOUR);
          expect(answer.termsEndAt.getTime()).toBe(visit - terms.untilHours * HOUR);
          // The terms hold from now until termsEndAt.
          expect(answer.termsEndAt.getTime()).toBeGreaterThanOrEqual(visit - before);
          expect(answer.refundCents + answer.feeCents).toBe(share);
          expect(answer.refundCents).toBeGreaterThanOrEqual(0);
          expect(answer.refundCents).toBeLessThanOrEqual(share);
          expect(answer.feeCents).toBeLessThanOrEqual((share * answer.feePercent) / 100);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a later cancellation never gives back more than an earlier one', () => {
    fc.assert(
      fc.property(policies, fc.nat(300 * HOUR), fc.nat(300 * HOUR), fc.nat(100_000), (p, a, b, share) => {
        const visit = Date.UTC(2026, 2, 29, 12);
        const early = quoteCancellation(p, visit, visit - Math.max(a, b), share);
        const late = quoteCancellation(p, visit, visit - Math.min(a, b), share);
        if (late.ok) expect(early.ok && early.refundCents >= late.refundCents).toBe(true);
      }),
    );
  });

  it('never more back than paid, over any partial cancellations of an order', () => {
    fc.assert(
      fc.property(
        policies,
        fc.array(fc.record({ grossCents: fc.nat(50_000), quantity: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.nat(100),
        fc.array(fc.nat(300 * HOUR), { minLength: 1, maxLength: 8 }),
        (p, lines, discountPercent, befores) => {
          const gross = lines.reduce((sum, line) => sum + line.grossCents, 0);
          const paid = gross - Math.floor((gross * discountPercent) / 100);
          const state = lines.map((line) => ({ ...line, cancelledQuantity: 0 }));
          let refunded = 0;
          const visit = Date.UTC(2026, 9, 25, 9);
          for (const [index, before] of befores.entries()) {
            const line = index % state.length;
            if (state[line]!.cancelledQuantity >= state[line]!.quantity) continue;
            const share = refundShare(paid, refunded, state, [{ line, quantity: 1 }]).totalCents;
            state[line]!.cancelledQuantity += 1;
            const answer = quoteCancellation(p, visit, visit - before, share);
            if (answer.ok) refunded += answer.refundCents;
          }
          expect(refunded).toBeLessThanOrEqual(paid);
        },
      ),
    );
  });
});
