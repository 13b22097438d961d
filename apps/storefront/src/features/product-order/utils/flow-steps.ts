/**
 * The product flow's steps and its back rules (docs/storefront.md §2.4,
 * §4.2). Pure, so every rule is pinned by a test.
 */
export type FlowStep = 'quantity' | 'plot' | 'upsells' | 'cross_sells' | 'customer' | 'checkout';

export interface FlowShape {
  /** The product has options.days: the plot step is shown. */
  days: boolean;
  upsellCount: number;
  crossSellCount: number;
  /** Rebooking changes one order: no cross-sells into a cart. */
  rebooking: boolean;
  /** Plots offered for the chosen quantity; one plot is chosen without asking. */
  plotCount: number;
}

/** The steps in order: quantity, plot (if days), upsells (if any), cross_sells (if any), customer, checkout. */
export function flowSteps(shape: FlowShape): FlowStep[] {
  const steps: FlowStep[] = ['quantity'];
  if (shape.days) steps.push('plot');
  if (shape.upsellCount > 0) steps.push('upsells');
  if (shape.crossSellCount > 0 && !shape.rebooking) steps.push('cross_sells');
  steps.push('customer', 'checkout');
  return steps;
}

/** The step after `current`. */
export function nextStep(current: FlowStep, shape: FlowShape): FlowStep {
  const steps = flowSteps(shape);
  return steps[Math.min(steps.indexOf(current) + 1, steps.length - 1)] ?? 'customer';
}

/** A plot step with a single plot is passed without asking, so back skips it too. */
function plotStepShown(shape: FlowShape): boolean {
  return shape.days && shape.plotCount > 1;
}

/**
 * The step back from `current`, or 'leave' from quantity (the flow restores
 * the previous cart item or goes home). From customer: upsells, cross_sells
 * (not when rebooking), plot (if days and more than one plot), or quantity.
 * A rebooking's quantity step moves on by itself (its quantities are fixed),
 * so going back to it leaves the flow instead.
 */
export function previousStep(current: FlowStep, shape: FlowShape): FlowStep | 'leave' {
  const previous = stepBefore(current, shape);
  return shape.rebooking && previous === 'quantity' ? 'leave' : previous;
}

function stepBefore(current: FlowStep, shape: FlowShape): FlowStep | 'leave' {
  const upsells = shape.upsellCount > 0;
  const crossSells = shape.crossSellCount > 0 && !shape.rebooking;
  switch (current) {
    case 'quantity':
      return 'leave';
    case 'plot':
      return 'quantity';
    case 'upsells':
      return plotStepShown(shape) ? 'plot' : 'quantity';
    case 'cross_sells':
      return upsells ? 'upsells' : plotStepShown(shape) ? 'plot' : 'quantity';
    case 'customer':
    case 'checkout':
      if (upsells) return 'upsells';
      if (crossSells) return 'cross_sells';
      return plotStepShown(shape) ? 'plot' : 'quantity';
  }
}
