import type { Plot } from '@kassa/domain/contract/plots';

/**
 * The lowest price a visitor pays for one booking on a plot: the server's
 * lowest total, else the plot's own price, else its cheapest audience price.
 * null when the plot names no price at all.
 */
export function lowestPrice(
  plot: Pick<Plot, 'lowestTotalPrice' | 'price' | 'audiencePrices'>,
): number | null {
  if (plot.lowestTotalPrice !== null) return plot.lowestTotalPrice;
  if (plot.price !== null) return plot.price;
  const prices = plot.audiencePrices.map((entry) => entry.price);
  return prices.length > 0 ? Math.min(...prices) : null;
}
