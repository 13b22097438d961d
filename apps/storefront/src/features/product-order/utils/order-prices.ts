/**
 * Prices of the current order with the domain's pricing rules
 * (docs/architecture.md, "Pricing is the server's": the storefront shows the
 * numbers the server will charge). Ticket prices come from the chosen plot (its
 * price and audience prices, which the server computed) and fall back to the
 * product's and audiences' own.
 */
import type { ProductDetail, Upsell } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { amountToCents } from '@kassa/domain/rules/money';
import { ticketPriceCents, type PricedPlot, type PricedProduct } from '@kassa/domain/rules/pricing';
import type { CartOrder, CartOrderSummary } from '@/lib/cart-store';

export type OrderLine = CartOrderSummary['lines'][number];
export type TicketLine = CartOrderSummary['tickets'][number];

function pricedProduct(product: ProductDetail): PricedProduct {
  return { priceType: product.types.price, priceCents: amountToCents(product.price) };
}

function pricedPlot(plot: Plot | null): PricedPlot | null {
  if (!plot) return null;
  return {
    priceKind: null,
    priceCents: plot.price === null ? null : amountToCents(plot.price),
    audiencePrices: new Map(plot.audiencePrices.map((line) => [line.audience, amountToCents(line.price)])),
  };
}

/** One ticket's price per audience (or the plain ticket under key 'product'). */
export function ticketPrices(product: ProductDetail, plot: Plot | null): Map<number | 'product', number> {
  const priced = pricedProduct(product);
  const onPlot = pricedPlot(plot);
  const prices = new Map<number | 'product', number>([['product', ticketPriceCents(priced, onPlot, null)]]);
  for (const audience of product.audiences) {
    prices.set(
      audience.id,
      ticketPriceCents(priced, onPlot, {
        id: audience.id,
        priceCents: amountToCents(audience.price),
        dependant: audience.dependant,
      }),
    );
  }
  return prices;
}

export interface PricedOrder {
  lines: OrderLine[];
  tickets: TicketLine[];
  subtotalCents: number;
}

/** Audience or plain ticket lines, then upsell lines with a quantity. */
export function priceOrder(
  product: ProductDetail,
  plot: Plot | null,
  order: CartOrder,
  upsells: readonly Upsell[],
): PricedOrder {
  const prices = ticketPrices(product, plot);
  const tickets: TicketLine[] = product.options.audiences
    ? order.audiences
        .filter((line) => line.quantity > 0)
        .map((line) => ({
          key: `audience-${line.id}`,
          unitPriceCents: prices.get(line.id) ?? 0,
          quantity: line.quantity,
        }))
    : order.product.quantity > 0
      ? [{ key: 'product', unitPriceCents: prices.get('product') ?? 0, quantity: order.product.quantity }]
      : [];
  const names = new Map(product.audiences.map((audience) => [`audience-${audience.id}`, audience.name]));
  const lines: OrderLine[] = tickets.map((ticket) => ({
    label: names.get(ticket.key) ?? product.title,
    quantity: ticket.quantity,
    amountCents: ticket.unitPriceCents * ticket.quantity,
  }));
  for (const chosen of order.upsells) {
    const upsell = upsells.find((candidate) => candidate.id === chosen.id);
    if (!upsell || chosen.quantity <= 0) continue;
    // A donation's price is the visitor's amount; a standard upsell's is the shop's.
    const unit =
      upsell.upsell_type === 'DONATION' ? amountToCents(chosen.price) : amountToCents(upsell.price);
    lines.push({ label: upsell.title, quantity: chosen.quantity, amountCents: unit * chosen.quantity });
  }
  return { lines, tickets, subtotalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}
