import { describe, expect, it } from 'vitest';
import { formatCountdown, msUntil } from './format-countdown';

describe('formatCountdown', () => {
  it('shows minutes and seconds, seconds always two digits', () => {
    expect(formatCountdown(14 * 60_000 + 5_000)).toBe('14:05');
    expect(formatCountdown(59_000)).toBe('0:59');
  });

  it('rounds up, so 0:00 only once the hold has ended', () => {
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });

  it('adds hours past an hour', () => {
    expect(formatCountdown(3_600_000 + 2 * 60_000 + 9_000)).toBe('1:02:09');
  });
});

describe('msUntil', () => {
  it('counts to an ISO time, negative once passed, null without one', () => {
    const now = Date.parse('2026-06-01T10:00:00Z');
    expect(msUntil('2026-06-01T10:15:00Z', now)).toBe(15 * 60_000);
    expect(msUntil('2026-06-01T09:59:00Z', now)).toBe(-60_000);
    expect(msUntil(null, now)).toBeNull();
    expect(msUntil('not a time', now)).toBeNull();
  });
});
