import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { formatTimeRange } from '@kassa/domain/rules/time-range';
import { useTranslation } from '@/lib/use-translation';
import { useSearchParams } from '@/lib/router/router';
import { useOrganisation } from '@/lib/api/get-organisation';
import type { CartOrderSummary } from '@/lib/cart-store';
import { formatLongDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import type { StoredRebooking } from '@/lib/rebooking-store';
import { useUpsells } from '../api/get-upsells';
import { isQuantityReady } from '../components/quantity-step';
import type { FlowShape, FlowStep } from '../utils/flow-steps';
import { newOrder } from '../utils/new-order';
import { priceOrder } from '../utils/order-prices';
import { rebookingOrder } from '../utils/rebooking-order';
import { currentOrderStore } from './flow-store';
import { useProductPlots } from './use-product-plots';
import { isOwnOrder, useProductFlow } from './use-product-flow';

function when(plot: Plot | null, timeZone: string, language: string): string | null {
  if (!plot?.date) return null;
  const day = formatLongDate(plot.date, timeZone, language);
  const time = formatTimeRange(plot.time.start, plot.time.end);
  return time ? `${day}, ${time}` : day;
}

/**
 * The product order being made (docs/storefront.md §2.4, §4.2): the order
 * the session holds for this product (or the one it starts with), its
 * plots and upsells, the steps it has, what the summary and the cart show
 * of it, and the flow's moves (useProductFlow).
 */
export function useProductOrder(product: ProductDetail, rebook: StoredRebooking | null) {
  const { i18n } = useTranslation();
  const timeZone = useOrganisation().data?.time_zone ?? pageDefinitions().timeZone;
  const [searchParams] = useSearchParams();
  const rebookData = rebook?.data ?? null;
  const stored = currentOrderStore.use();
  const own = isOwnOrder(stored, product.id, rebookData?.hash ?? null);
  const storedOrder = own && stored ? stored.order : null;
  const upsellsQuery = useUpsells(product.id, product.upsell_count > 0);
  const upsells = upsellsQuery.data ?? [];
  const plots = useProductPlots(
    product,
    storedOrder,
    own && stored ? stored.step : 'quantity',
    rebookData?.plot ?? null,
  );

  const shape: FlowShape = {
    days: product.options.days,
    upsellCount: upsellsQuery.isSuccess ? upsells.length : product.upsell_count,
    crossSellCount: product.cross_sells.length,
    rebooking: rebookData !== null,
    plotCount: plots.count,
  };
  // The calendar's Checkout link names the event's plot: a new order starts with it chosen.
  const plotHint = Number(searchParams.get('plot')) || null;
  const startOrder = rebookData ? rebookingOrder(product, rebookData) : newOrder(product, plotHint);
  const order = storedOrder ?? startOrder;
  const chosenPlot = plots.offered?.find((plot) => plot.id === storedOrder?.product.plot) ?? null;
  const priced = priceOrder(product, chosenPlot, order, upsells);
  const summary: CartOrderSummary = {
    title: product.title,
    slug: product.slug,
    when: when(chosenPlot, timeZone, i18n.language),
    lines: priced.lines,
    subtotalCents: priced.subtotalCents,
    tickets: priced.tickets,
  };
  const quantityReady = isQuantityReady(product, order);
  const plotReady = !product.options.days || order.product.plot !== null;
  const flow = useProductFlow(
    product,
    shape,
    summary,
    startOrder,
    rebook ? { hash: rebook.data.hash, leaveTo: rebook.entry } : null,
    // A rebooking's quantity moves on by itself: its history has no quantity step to go back to.
    (key: FlowStep) =>
      key === 'quantity' ? rebookData === null : quantityReady && (key === 'plot' || plotReady),
  );
  return {
    flow,
    order,
    /** The session holds this product's order (not yet on the page's first render). */
    own,
    upsells,
    plots,
    chosenPlot,
    summary,
    quantityReady,
    /** Quantity and plot are chosen: the order can be placed once the customer is. */
    orderReady: quantityReady && plotReady,
    timeZone,
  };
}
