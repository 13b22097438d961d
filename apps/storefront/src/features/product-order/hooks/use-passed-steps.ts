import type { Plot } from '@kassa/domain/contract/plots';
import { useEffect } from 'react';
import type { CartOrder } from '@/lib/cart-store';
import type { FlowStep } from '../utils/flow-steps';

interface PassedStepsInput {
  step: FlowStep;
  /** The plots the order may choose from; undefined while they load. */
  offered: readonly Plot[] | undefined;
  /** The plot a rebooking moves from, or null. */
  bookedPlot: number | null;
  /** A rebooking whose order (the booked quantities) is in the session and ready. */
  rebookingReady: boolean;
  update: (change: (order: CartOrder) => CartOrder) => void;
  skip: () => void;
}

/**
 * Steps the flow passes by itself (docs/storefront.md §4.2): the only plot
 * offered is chosen and the flow moves on — unless it is the booking being
 * changed, since moving a booking onto itself changes nothing (decision
 * 0040); and a rebooking's quantities are the booked order's, so its
 * quantity step moves on at once.
 */
export function usePassedSteps({
  step,
  offered,
  bookedPlot,
  rebookingReady,
  update,
  skip,
}: PassedStepsInput) {
  const onlyPlot =
    step === 'plot' && offered?.length === 1 && offered[0]?.id !== bookedPlot ? offered[0] : undefined;
  useEffect(() => {
    if (!onlyPlot) return;
    update((current) => ({ ...current, product: { ...current.product, plot: onlyPlot.id } }));
    skip();
    // The flow's functions are fresh each render; the plot is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyPlot?.id]);

  const autoQuantity = rebookingReady && step === 'quantity';
  useEffect(() => {
    if (autoQuantity) skip();
    // The flow's functions are fresh each render; arriving at the step is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoQuantity]);
}
