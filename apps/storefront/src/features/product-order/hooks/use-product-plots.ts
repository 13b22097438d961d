import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { CartOrder } from '@/lib/cart-store';
import { usePlots } from '../api/get-plots';
import type { FlowStep } from '../utils/flow-steps';
import { ticketCount } from '../utils/new-order';
import { availablePlots, offeredPlots, withBookedPlot } from '../utils/plot-days';
import { waitlistClaimStore } from './waitlist-claim';

/**
 * The plots of a product with days (docs/storefront.md §2.6, §4.2), for the
 * order's tickets: asked once the quantity step is done. `available` are
 * the days with room, `offered` the plots that fit the order (a rebooking's
 * own plot among them); both undefined while the plots for this quantity load.
 */
export function useProductPlots(
  product: ProductDetail,
  order: CartOrder | null,
  step: FlowStep,
  /** The plot a rebooking moves from, or null. */
  bookedPlot: number | null,
) {
  const quantity = order ? ticketCount(order) : 0;
  const claim = waitlistClaimStore.use();
  const waitlist = claim?.productId === product.id ? claim.token : undefined;
  const query = usePlots(
    product.id,
    // A rebooking's own plot is served even outside the window (docs/storefront.md §7); its seats still count as taken.
    { quantity, audiences: order?.audiences ?? [], rebookPlot: bookedPlot, waitlist },
    product.options.days && step !== 'quantity' && quantity > 0,
  );
  // Plots of an earlier quantity (kept as placeholder) do not answer for this one.
  const loading = query.isPending || (query.isPlaceholderData && query.isFetching);
  const offered = query.data
    ? withBookedPlot(offeredPlots(query.data, quantity, product.types.capacity), query.data, bookedPlot)
    : undefined;
  return {
    /** How many plots the order may choose from (the plot step passes by itself with one). */
    count: offered?.length ?? 0,
    offered,
    /** What the calendar shows: undefined while loading. */
    shown: loading
      ? { available: undefined, offered: undefined, closed: [] }
      : {
          available: query.data ? availablePlots(query.data) : undefined,
          offered,
          // Slots the shop closed, shown with the reason (decision 0238).
          closed: (query.data ?? []).filter((plot) => plot.closedReason),
        },
  };
}
