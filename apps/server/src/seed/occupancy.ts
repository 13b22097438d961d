import { DEMO_PLOT_DAYS } from './demo-constants.ts';

/** A stable number in [0, 1) from integers (FNV-1a): the same demo on every seed. */
export function noise(...parts: number[]): number {
  let hash = 2166136261;
  for (const part of parts) {
    hash ^= part;
    hash = Math.imul(hash, 16777619);
  }
  return ((hash >>> 0) % 1000) / 1000;
}

export interface OccupancyInput {
  capacity: number;
  /** Days from today. */
  offset: number;
  weekend: boolean;
  /** Position of the plot within its product's schedule. */
  index: number;
  /** Distinguishes products so their calendars do not look alike. */
  seed: number;
  /** A plot sold to one group at a time (max one order): booked by a team or empty. */
  wholeTeams?: boolean;
}

/**
 * Seats already sold on a plot, so the demo calendar looks lived in: busier
 * soon and at weekends, a few plots sold out. The third plot of every
 * product is always sold out and the fourth nearly full, so both states
 * can be found on a fresh seed.
 */
export function seatsSold({ capacity, offset, weekend, index, seed, wholeTeams }: OccupancyInput): number {
  if (index === 2) return capacity;
  if (index === 3) return capacity - Math.max(1, Math.floor(capacity * 0.05));
  const trend = 0.8 * (1 - offset / DEMO_PLOT_DAYS);
  const load = trend + (weekend ? 0.15 : 0) + (noise(seed, offset, index) - 0.5) * 0.6;
  if (wholeTeams) return load >= 0.8 ? capacity : load >= 0.6 ? capacity - 2 : 0;
  if (load >= 0.97) return capacity;
  if (load <= 0.05) return 0;
  return Math.min(capacity - 1, Math.round(capacity * load));
}
