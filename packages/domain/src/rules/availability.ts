/**
 * Seats left on a plot and how the storefront classes them (docs/storefront.md
 * §9.2). The server counts held seats with the active-hold rule; these
 * functions turn that count into what the visitor sees and may pick.
 */
import { AVAILABILITY_HIGH_ABOVE_PERCENT } from './constants.ts';

export interface Availability {
  /** Seats left, never negative; null when there is no capacity limit. */
  amount: number | null;
  /** Seats left as a percentage of capacity (0–100); null when unlimited. */
  percentage: number | null;
}

export type AvailabilityClass = 'high' | 'medium' | 'low';

/** Slot tooltip: below this percentage (and above 0) is medium. */
export const SLOT_TOOLTIP_MEDIUM_BELOW_PERCENT = 20;

/**
 * Availability from a capacity (null: no limit) and the seats active holds
 * take. Oversold plots (holds above capacity after a capacity cut) show 0.
 * The percentage is not rounded: rounding could move a plot across the 20 %
 * class boundary.
 */
export function availabilityOf(capacity: number | null, heldSeats: number): Availability {
  if (capacity === null) return { amount: null, percentage: null };
  const amount = Math.max(0, capacity - heldSeats);
  const percentage = capacity > 0 ? (amount / capacity) * 100 : 0;
  return { amount, percentage };
}

/** Calendar dot (docs/storefront.md §9.2): above 20 % high, above 0 medium, 0 low; unlimited is high. */
export function availabilityDotClass(percentage: number | null): AvailabilityClass {
  if (percentage === null || percentage > AVAILABILITY_HIGH_ABOVE_PERCENT) return 'high';
  return percentage > 0 ? 'medium' : 'low';
}

/** Slot tooltip (docs/storefront.md §9.2): 0 low, under 20 % medium, otherwise high; unlimited is high. */
export function slotTooltipClass(percentage: number | null): AvailabilityClass {
  if (percentage === null) return 'high';
  if (percentage <= 0) return 'low';
  return percentage < SLOT_TOOLTIP_MEDIUM_BELOW_PERCENT ? 'medium' : 'high';
}

/** Whether a plot has taken all the orders it accepts (null maxOrders: no limit). */
export function isMaxOrdersReached(maxOrders: number | null, activeOrders: number): boolean {
  return maxOrders !== null && activeOrders >= maxOrders;
}

export interface OfferablePlot {
  availability: Availability;
  maxOrdersReached: boolean;
}

/**
 * Spec §4: a slot is offered only when the quantity fits its availability
 * (or the product has no capacity limit) and it still takes orders.
 */
export function isSlotOffered(plot: OfferablePlot, quantity: number, capacityType: 'NONE' | 'PLOT'): boolean {
  if (plot.maxOrdersReached) return false;
  if (capacityType === 'NONE' || plot.availability.amount === null) return true;
  return quantity <= plot.availability.amount;
}

export interface SellablePlot extends OfferablePlot {
  /** The shop offers the plot and it has not begun. */
  selectable: boolean;
}

const NOTHING_ON_SALE: Availability = { amount: 0, percentage: 0 };

/**
 * The most seats left on any plot still on sale (selectable, taking
 * orders): the most one order can ever book before a plot is chosen.
 * Unlimited when such a plot has no capacity limit; 0 when none is on sale.
 */
export function largestAvailability(plots: readonly SellablePlot[]): Availability {
  let largest = NOTHING_ON_SALE;
  for (const plot of plots) {
    if (!plot.selectable || plot.maxOrdersReached) continue;
    if (plot.availability.amount === null) return { amount: null, percentage: null };
    if (plot.availability.amount > (largest.amount ?? 0)) largest = plot.availability;
  }
  return largest;
}
