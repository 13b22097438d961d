import { describe, expect, it } from 'vitest';
import { formatTimeRange } from './time-range.ts';

describe('formatTimeRange', () => {
  it('joins start and end with an en dash, drops seconds, and keeps a lone start', () => {
    expect(formatTimeRange('14:00', '15:30')).toBe('14:00 – 15:30');
    expect(formatTimeRange('20:00:00', '22:15:00')).toBe('20:00 – 22:15');
    expect(formatTimeRange('20:00', null)).toBe('20:00');
    expect(formatTimeRange('20:00:00')).toBe('20:00');
  });

  it('is null for all day (no start)', () => {
    expect(formatTimeRange(null, '15:30')).toBeNull();
    expect(formatTimeRange(undefined)).toBeNull();
  });
});
