import { describe, expect, it } from 'vitest';
import { timeRange } from './time-range';

describe('timeRange', () => {
  it('shows HH:MM - HH:MM, a lone start, or nothing for all day', () => {
    expect(timeRange({ start: '09:30', end: '10:45' })).toBe('09:30 - 10:45');
    expect(timeRange({ start: '20:00:00', end: '22:15:00' })).toBe('20:00 - 22:15');
    expect(timeRange({ start: '20:00', end: null })).toBe('20:00');
    expect(timeRange({ start: null, end: null })).toBeNull();
  });
});
