import { describe, expect, it } from 'vitest';
import { ticketTiming } from './admission.ts';

const today = '2026-06-10';

describe('ticketTiming', () => {
  it('admits an open ticket (no day) on any day', () => {
    expect(ticketTiming({ date: null, start: null, end: null }, { date: today, time: '03:00' })).toBe('OK');
  });

  it('admits a day ticket all day on its day only', () => {
    const plot = { date: today, start: null, end: null };
    expect(ticketTiming(plot, { date: today, time: '00:00' })).toBe('OK');
    expect(ticketTiming(plot, { date: today, time: '23:59' })).toBe('OK');
    expect(ticketTiming(plot, { date: '2026-06-11', time: '10:00' })).toBe('WRONG_DAY');
    expect(ticketTiming(plot, { date: '2026-06-09', time: '10:00' })).toBe('WRONG_DAY');
  });

  it('admits a slot from 30 minutes before its start until its end', () => {
    const plot = { date: today, start: '14:00:00', end: '15:30:00' };
    expect(ticketTiming(plot, { date: today, time: '13:29' })).toBe('WRONG_SLOT');
    expect(ticketTiming(plot, { date: today, time: '13:30' })).toBe('OK');
    expect(ticketTiming(plot, { date: today, time: '15:30' })).toBe('OK');
    expect(ticketTiming(plot, { date: today, time: '15:31' })).toBe('WRONG_SLOT');
  });

  it('closes a slot without an end an hour after its start', () => {
    const plot = { date: today, start: '11:00', end: null };
    expect(ticketTiming(plot, { date: today, time: '12:00' })).toBe('OK');
    expect(ticketTiming(plot, { date: today, time: '12:01' })).toBe('WRONG_SLOT');
  });

  it('reports the wrong day before the wrong slot', () => {
    expect(
      ticketTiming({ date: today, start: '14:00', end: null }, { date: '2026-06-12', time: '14:00' }),
    ).toBe('WRONG_DAY');
  });
});
