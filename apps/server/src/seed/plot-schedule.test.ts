import { describe, expect, it } from 'vitest';
import { weekday } from './dates.ts';
import { planPlots } from './plot-schedule.ts';

const plots = planPlots('2026-11-22');
const of = (product: string) => plots.filter((p) => p.product === product);

describe('planPlots', () => {
  it('closes the museum on Mondays but keeps the zoo open every day', () => {
    expect(of('museum-admission').some((p) => weekday(p.date!) === 1)).toBe(false);
    expect(of('zoo-day')).toHaveLength(90);
  });

  it('gives time slots an end time and all-day plots none', () => {
    for (const plot of of('canal-cruise')) expect(plot.end! > plot.start!).toBe(true);
    for (const plot of of('museum-admission')) expect([plot.start, plot.end]).toEqual([null, null]);
  });

  it('runs the sunset tour at weekends only, at audience prices', () => {
    const sunset = of('highlights-tour').filter((p) => p.start === '16:00');
    expect(sunset.length).toBeGreaterThan(0);
    for (const plot of sunset) {
      expect([0, 6]).toContain(weekday(plot.date!));
      expect(plot.priceKind).toBe('AUDIENCE');
    }
  });

  it('prices the play by evening, dearest on Saturday', () => {
    const theatre = of('theatre-evening');
    expect(new Set(theatre.map((p) => weekday(p.date!)))).toEqual(new Set([4, 5, 6]));
    const saturday = theatre.find((p) => weekday(p.date!) === 6)!;
    const thursday = theatre.find((p) => weekday(p.date!) === 4)!;
    expect(saturday.priceCents!).toBeGreaterThan(thursday.priceCents!);
  });

  it('sells nothing on free invitation evenings and never more than capacity', () => {
    for (const plot of of('members-preview')) expect(plot.sold).toBe(0);
    for (const plot of plots)
      if (plot.capacity !== null) expect(plot.sold).toBeLessThanOrEqual(plot.capacity);
  });

  it('is the same plan every time for the same day', () => {
    expect(planPlots('2026-11-22')).toEqual(plots);
  });
});
