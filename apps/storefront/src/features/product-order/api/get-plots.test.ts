import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPlots, plotsQueryString } from './get-plots';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('plotsQueryString', () => {
  it('asks by plain quantity without audiences', () => {
    expect(decodeURIComponent(plotsQueryString({ quantity: 3, audiences: [] }))).toBe('order[quantity]=3');
  });

  it('asks by the audiences with a quantity, indexed, and passes the rebooked plot', () => {
    const query = plotsQueryString({
      quantity: 0,
      audiences: [
        { id: 4, quantity: 2 },
        { id: 5, quantity: 0 },
        { id: 6, quantity: 1 },
      ],
      rebookPlot: 77,
    });
    expect(decodeURIComponent(query)).toBe(
      'rebookPlot=77&order[audiences][0][id]=4&order[audiences][0][quantity]=2&order[audiences][1][id]=6&order[audiences][1][quantity]=1',
    );
  });
});

describe('getPlots', () => {
  it('logs a failure and answers no plots (docs/storefront.md §8.3)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ok: false, error: { code: 'INTERNAL_ERROR' } }), { status: 500 }),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(getPlots(1, { quantity: 1, audiences: [] }, 'en')).resolves.toEqual([]);
    expect(logged).toHaveBeenCalled();
  });
});
