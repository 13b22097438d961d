import { describe, expect, it } from 'vitest';
import { noise, seatsSold } from './occupancy.ts';

describe('seatsSold', () => {
  const base = { capacity: 40, offset: 10, weekend: false, seed: 1 };

  it('always sells out the third plot and nearly fills the fourth', () => {
    expect(seatsSold({ ...base, index: 2 })).toBe(40);
    expect(seatsSold({ ...base, index: 3 })).toBe(38);
  });

  it('never sells more than the capacity nor fewer than none', () => {
    for (let index = 4; index < 500; index++) {
      const sold = seatsSold({ ...base, index, offset: index % 90, weekend: index % 7 === 0 });
      expect(sold).toBeGreaterThanOrEqual(0);
      expect(sold).toBeLessThanOrEqual(40);
    }
  });

  it('books team plots whole or not at all', () => {
    for (let index = 4; index < 200; index++) {
      expect([0, 4, 6]).toContain(seatsSold({ ...base, capacity: 6, index, wholeTeams: true }));
    }
  });

  it('is the same on every seed', () => {
    expect(noise(3, 14, 7)).toBe(noise(3, 14, 7));
    expect(noise(3, 14, 7)).not.toBe(noise(3, 14, 8));
  });
});
