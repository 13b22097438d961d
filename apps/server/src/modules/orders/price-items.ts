import type { OrderItemRequest } from '@kassa/domain/contract/orders';
import { AUDIENCE_QUANTITY_MAX, UNLIMITED_QUANTITY_MAX } from '@kassa/domain/rules/constants';
import { ticketPriceCents, type PricedPlot } from '@kassa/domain/rules/pricing';
import { audienceQuantitiesWithinBounds, isAudienceQuantityReady } from '@kassa/domain/rules/quantity';
import { isOnSale } from '@kassa/domain/rules/sales-end';
import type { AudienceRow, OrderCatalog, PlotRow, ProductRow } from './load-order-catalog.ts';
import { orderErrors } from '../../engine/placement/order-errors.ts';
import type { PricedOrderItem } from '../../engine/pricing/order-lines.ts';
import { upsellLines } from './upsell-lines.ts';

export interface PricedLine {
  kind: 'PRODUCT' | 'UPSELL';
  productId: number;
  plotId: number;
  audienceId: number | null;
  upsellId: number | null;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

/** One cart item priced by the server. */
export interface PricedItem extends PricedOrderItem {
  productId: number;
  product: ProductRow;
  plot: PlotRow;
  /** Seats the item takes on its plot. */
  seats: number;
  /** Ticket lines first, then upsell lines. */
  lines: PricedLine[];
  subtotalCents: number;
}

/** A human label for error_info: the product and, for dated plots, the date and time. */
export function itemLabel(product: ProductRow, plot: PlotRow | null): string {
  const title = product.title.en ?? Object.values(product.title)[0] ?? `Product ${product.id}`;
  if (!plot?.date) return title;
  return `${title} on ${plot.date}${plot.startTime ? ` at ${plot.startTime.slice(0, 5)}` : ''}`;
}

/** The instant an order is placed at, and the organisation's zone, to refuse plots whose sales have ended. */
export interface SalesClock {
  now: Date;
  timeZone: string;
}

/**
 * The chosen plot: required for products with days; otherwise the product's
 * open plot. A plot the shop closed is not available; one whose sales have
 * ended (its start, closing time or the product's earlier sales end has
 * passed, decision 0205) says so.
 */
function choosePlot(
  item: OrderItemRequest,
  product: ProductRow,
  catalog: OrderCatalog,
  clock: SalesClock,
): PlotRow {
  const requested = item.product.plot;
  if (requested != null) {
    const plot = catalog.plots.get(requested);
    if (!plot || plot.productId !== product.id || !plot.selectable)
      throw orderErrors.plotNotAvailable(itemLabel(product, plot ?? null));
    const sales = { timeslots: product.hasTimeslots, salesEndMinutes: product.salesEndMinutes };
    const times = { date: plot.date, start: plot.startTime, end: plot.endTime };
    if (!isOnSale(times, sales, clock.now.getTime(), clock.timeZone))
      throw orderErrors.salesEnded(itemLabel(product, plot));
    return plot;
  }
  if (!product.hasDays) {
    const open = [...catalog.plots.values()].find(
      (plot) => plot.productId === product.id && plot.date === null,
    );
    if (open) return open;
  }
  throw orderErrors.plotNotAvailable(itemLabel(product, null));
}

function pricedPlot(plot: PlotRow, catalog: OrderCatalog): PricedPlot {
  return {
    priceKind: plot.priceKind,
    priceCents: plot.priceCents,
    audiencePrices: catalog.plotAudiencePrices.get(plot.id) ?? new Map(),
  };
}

/** Ticket lines: one per audience with a quantity, or one plain line. */
function ticketLines(
  item: OrderItemRequest,
  product: ProductRow,
  plot: PlotRow,
  productAudiences: readonly AudienceRow[],
  catalog: OrderCatalog,
): PricedLine[] {
  const label = itemLabel(product, plot);
  const pricing = pricedPlot(plot, catalog);
  const line = (audience: AudienceRow | null, quantity: number): PricedLine => {
    const unit = ticketPriceCents(product, pricing, audience);
    return {
      kind: 'PRODUCT',
      productId: product.id,
      plotId: plot.id,
      audienceId: audience?.id ?? null,
      upsellId: null,
      quantity,
      unitPriceCents: unit,
      totalCents: unit * quantity,
    };
  };
  if (productAudiences.length === 0) {
    const quantity = item.product.quantity ?? 0;
    // Without a capacity limit the storefront offers at most 999 (docs/storefront.md §9.1); with one, the seat check decides.
    const unlimited = product.capacityType === 'NONE' || plot.capacity === null;
    const tooMany =
      (product.maxQuantity !== null && quantity > product.maxQuantity) ||
      (unlimited && quantity > UNLIMITED_QUANTITY_MAX);
    if (quantity <= 0 || quantity < product.minQuantity || tooMany) throw orderErrors.invalidQuantity(label);
    return [line(null, quantity)];
  }
  const byId = new Map(productAudiences.map((audience) => [audience.id, audience]));
  const quantities: Record<number, number> = {};
  for (const chosen of Object.values(item.audiences)) {
    if (!byId.has(chosen.id)) throw orderErrors.invalidQuantity(label);
    quantities[chosen.id] = (quantities[chosen.id] ?? 0) + chosen.quantity;
  }
  // Spec §9: at most 10 of each audience, whatever the product allows in total.
  if (Object.values(quantities).some((quantity) => quantity > AUDIENCE_QUANTITY_MAX))
    throw orderErrors.audienceQuantityTooLarge(label);
  const rules = productAudiences.map((audience) => ({
    id: audience.id,
    min_quantity: audience.minQuantity,
    dependant: audience.dependant,
  }));
  const ready = isAudienceQuantityReady(rules, quantities, product.minQuantity);
  if (!ready || !audienceQuantitiesWithinBounds(rules, quantities, product.maxQuantity))
    throw orderErrors.invalidQuantity(label);
  return productAudiences
    .filter((audience) => (quantities[audience.id] ?? 0) > 0)
    .map((audience) => line(audience, quantities[audience.id]!));
}

/**
 * Validates and prices one cart item from the catalogue; client prices play
 * no part. `clock` refuses plots whose sales have ended.
 */
export function priceItem(
  item: OrderItemRequest,
  index: number,
  catalog: OrderCatalog,
  clock: SalesClock,
): PricedItem {
  const product = catalog.products.get(item.product.id);
  if (!product) throw orderErrors.productNotAvailable(`Product ${item.product.id}`);
  const plot = choosePlot(item, product, catalog, clock);
  const tickets = ticketLines(item, product, plot, catalog.audiences.get(product.id) ?? [], catalog);
  const extras = upsellLines(
    Object.values(item.upsells),
    catalog.upsells.get(product.id) ?? new Map(),
    itemLabel(product, plot),
  ).map((line) => ({ ...line, productId: product.id, plotId: plot.id, audienceId: null }));
  const lines = [...tickets, ...extras];
  return {
    index,
    productId: product.id,
    product,
    plot,
    seats: tickets.reduce((sum, line) => sum + line.quantity, 0),
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
  };
}
