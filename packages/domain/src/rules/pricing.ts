/**
 * Ticket prices on a plot (docs/storefront.md §3.3), in integer cents. The
 * storefront shows these numbers and the server recomputes them with the same
 * functions before it charges anything (docs/architecture.md,
 * "Pricing is the server's").
 *
 * Semantics Kassa chose, most specific first:
 * 1. a plot audience price (plot_audience_prices) for that audience;
 * 2. the plot's own price, unless the plot's price kind is AUDIENCE — such a
 *    plot prices per audience only, so its single price is a label, never a
 *    ticket price;
 * 3. the audience's price, for products priced per audience (AUDIENCE);
 * 4. the product's price.
 * Plot kinds PLOT, DAY, TIMESLOT and DYNAMIC only say where the plot price was
 * set (the plot, its whole day, its slot, a demand rule); they price alike.
 * A DYNAMIC product is priced by its plots and falls back to its own price.
 * A FIXED product ignores audience prices: every ticket costs the same.
 */

export type ProductPriceType = 'FIXED' | 'AUDIENCE' | 'DYNAMIC';
export type PlotPriceKind = 'PLOT' | 'DAY' | 'TIMESLOT' | 'AUDIENCE' | 'DYNAMIC';

export interface PricedProduct {
  priceType: ProductPriceType;
  priceCents: number;
}

export interface PricedPlot {
  priceKind: PlotPriceKind | null;
  /** The plot's per-ticket price; null falls back to the audience or product. */
  priceCents: number | null;
  /** Plot audience prices by audience id. */
  audiencePrices: ReadonlyMap<number, number>;
}

export interface PricedAudience {
  id: number;
  priceCents: number;
  /** A dependant audience cannot be booked on its own (docs/storefront.md §5.6). */
  dependant: boolean;
}

export interface AudienceQuantity {
  id: number;
  quantity: number;
}

/** The plot's single price, or null when the plot does not set one that applies. */
function plotLevelCents(plot: PricedPlot | null): number | null {
  if (!plot || plot.priceKind === 'AUDIENCE') return null;
  return plot.priceCents;
}

/**
 * The price of one ticket for a product, on a plot (null: no plot chosen),
 * for an audience (null: plain quantity).
 */
export function ticketPriceCents(
  product: PricedProduct,
  plot: PricedPlot | null,
  audience: PricedAudience | null,
): number {
  if (audience && plot) {
    const plotAudience = plot.audiencePrices.get(audience.id);
    if (plotAudience !== undefined) return plotAudience;
  }
  const onPlot = plotLevelCents(plot);
  if (onPlot !== null) return onPlot;
  if (audience && product.priceType === 'AUDIENCE') return audience.priceCents;
  return product.priceCents;
}

/**
 * The plot's "price" field (docs/storefront.md §3.3): one ticket without an
 * audience, or null when the price depends on the audience only (an AUDIENCE
 * product whose plot sets no single price).
 */
export function plotPriceCents(product: PricedProduct, plot: PricedPlot): number | null {
  const onPlot = plotLevelCents(plot);
  if (onPlot !== null) return onPlot;
  return product.priceType === 'AUDIENCE' ? null : product.priceCents;
}

/** Each audience's ticket price on the plot, in the order given. */
export function audiencePricesCents(
  product: PricedProduct,
  plot: PricedPlot | null,
  audiences: readonly PricedAudience[],
): { audience: number; priceCents: number }[] {
  return audiences.map((audience) => ({
    audience: audience.id,
    priceCents: ticketPriceCents(product, plot, audience),
  }));
}

/** Total for a plain quantity of tickets. */
export function quantityTotalCents(
  product: PricedProduct,
  plot: PricedPlot | null,
  quantity: number,
): number {
  return ticketPriceCents(product, plot, null) * quantity;
}

/**
 * Total for an audience selection. Every id must be one of `audiences`:
 * callers validate ids first, so an unknown one is a programming error and
 * throws rather than pricing a ticket at a guess.
 */
export function audienceTotalCents(
  product: PricedProduct,
  plot: PricedPlot | null,
  audiences: readonly PricedAudience[],
  selection: readonly AudienceQuantity[],
): number {
  const byId = new Map(audiences.map((audience) => [audience.id, audience]));
  let total = 0;
  for (const line of selection) {
    const audience = byId.get(line.id);
    if (!audience) throw new RangeError(`Audience ${line.id} is not one of the product's audiences`);
    total += ticketPriceCents(product, plot, audience) * line.quantity;
  }
  return total;
}

/**
 * The cheapest single ticket on the plot: for an AUDIENCE product the
 * cheapest audience a visitor can book on its own (dependants only when every
 * audience is dependant), otherwise the plain ticket price.
 */
export function lowestTicketPriceCents(
  product: PricedProduct,
  plot: PricedPlot | null,
  audiences: readonly PricedAudience[],
): number {
  if (product.priceType !== 'AUDIENCE' || audiences.length === 0) {
    return ticketPriceCents(product, plot, null);
  }
  const bookable = audiences.some((audience) => !audience.dependant)
    ? audiences.filter((audience) => !audience.dependant)
    : audiences;
  return Math.min(...bookable.map((audience) => ticketPriceCents(product, plot, audience)));
}

/** What the visitor has chosen so far: a plain quantity, audience lines, or nothing yet. */
export type PriceSelection =
  | { kind: 'quantity'; quantity: number }
  | { kind: 'audiences'; audiences: readonly AudienceQuantity[] }
  | { kind: 'none'; minQuantity: number };

/**
 * The lowest total for the selection on a plot (docs/storefront.md §3.3,
 * lowestTotalPrice): the total of the chosen quantity or audience lines; with
 * nothing chosen, the cheapest ticket times the product's minimum quantity (at
 * least 1).
 */
export function selectionTotalCents(
  product: PricedProduct,
  plot: PricedPlot | null,
  audiences: readonly PricedAudience[],
  selection: PriceSelection,
): number {
  switch (selection.kind) {
    case 'quantity':
      return quantityTotalCents(product, plot, selection.quantity);
    case 'audiences':
      return audienceTotalCents(product, plot, audiences, selection.audiences);
    case 'none':
      return lowestTicketPriceCents(product, plot, audiences) * Math.max(1, selection.minQuantity);
  }
}
