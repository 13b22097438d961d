import { describe, expect, it } from 'vitest';
import {
  capacityAdmissions,
  rateAdmissions,
  rushNeedsPass,
  rushPhase,
  waitEstimateMinutes,
  type RushSettings,
} from './rush.ts';

const settings: RushSettings = {
  opensAt: '2026-12-01T10:00:00+01:00',
  preQueueMinutes: 15,
  admitPerMinute: 30,
  passMinutes: 10,
  endsAt: '2026-12-01T12:00:00+01:00',
};

describe('rush rules (decisions 0265–0267)', () => {
  it('knows the phases and needs a pass until the end', () => {
    const at = (iso: string) => rushPhase(settings, new Date(iso));
    expect(at('2026-12-01T08:44:59Z')).toBe('BEFORE');
    expect(at('2026-12-01T08:45:00Z')).toBe('PRE_QUEUE');
    expect(at('2026-12-01T09:00:00Z')).toBe('OPEN');
    expect(at('2026-12-01T11:00:00Z')).toBe('OVER');
    expect(rushNeedsPass(settings, new Date('2026-11-30T00:00:00Z'))).toBe(true);
    expect(rushNeedsPass(settings, new Date('2026-12-01T11:00:00Z'))).toBe(false);
  });

  it('admits at the rate across ticks of any length, carrying the fraction', () => {
    // 30 a minute in ticks of 1 s (half an admission each): exactly 30 in 60 ticks.
    let carry = 0;
    let admitted = 0;
    for (let tick = 0; tick < 60; tick += 1) {
      const step = rateAdmissions(30, 1000, carry, 1_000);
      admitted += step.admit;
      carry = step.carry;
    }
    expect(admitted).toBe(30);
    // Irregular ticks add up the same.
    let total = 0;
    carry = 0;
    for (const ms of [300, 2700, 1000, 55_000, 1000]) {
      const step = rateAdmissions(30, ms, carry, 1_000);
      total += step.admit;
      carry = step.carry;
    }
    expect(total).toBe(30);
  });

  it('banks no burst while the queue is empty, and never admits more than wait', () => {
    const quiet = rateAdmissions(60, 10 * 60_000, 0, 0);
    expect(quiet).toEqual({ admit: 0, carry: 1 });
    expect(rateAdmissions(60, 10 * 60_000, 0, 3).admit).toBe(3);
    expect(capacityAdmissions(10, 4, 100)).toBe(6);
    expect(capacityAdmissions(3, 4, 100)).toBe(0);
    expect(capacityAdmissions(null, 4, 7)).toBe(7);
  });

  it('estimates whole minutes at the rate, none when capacity decides', () => {
    expect(waitEstimateMinutes(1, 30)).toBe(1);
    expect(waitEstimateMinutes(61, 30)).toBe(3);
    expect(waitEstimateMinutes(61, null)).toBeNull();
  });
});
