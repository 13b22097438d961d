/**
 * Quantity rules of docs/storefront.md §5.6 (plain quantity, audiences,
 * subscription audiences, voucher values, upsells). The storefront uses them to
 * drive the steppers; the server uses the same bounds to reject impossible
 * orders.
 */
import { AUDIENCE_QUANTITY_MAX, DEFAULT_UPSELL_MAX_QUANTITY, UNLIMITED_QUANTITY_MAX } from './constants.ts';

export interface PlainQuantityLimits {
  minQuantity: number;
  /** The product's max_quantity; null is no maximum. */
  maxQuantity: number | null;
  /** Seats left on the chosen plot; null when the plot has no capacity limit. */
  availability: number | null;
}

/** Highest plain quantity: product max_quantity and availability (999 without a capacity limit). */
export function plainQuantityMax(limits: PlainQuantityLimits): number {
  const byAvailability = limits.availability ?? UNLIMITED_QUANTITY_MAX;
  return Math.max(0, Math.min(limits.maxQuantity ?? Infinity, byAvailability));
}

/**
 * Highest total over a product's audiences: its max_quantity and the seats
 * left, whichever is lower; null when neither limits it.
 */
export function audienceTotalMax(maxQuantity: number | null, availability: number | null): number | null {
  if (maxQuantity === null) return availability;
  return availability === null ? maxQuantity : Math.max(0, Math.min(maxQuantity, availability));
}

/** Plus on a plain quantity: one more, at least min_quantity, capped by plainQuantityMax. */
export function incrementPlainQuantity(quantity: number, limits: PlainQuantityLimits): number {
  const max = plainQuantityMax(limits);
  return Math.min(Math.max(quantity + 1, limits.minQuantity), max);
}

/** Minus on a plain quantity stops at min_quantity (and never raises a lower quantity). */
export function decrementPlainQuantity(quantity: number, minQuantity: number): number {
  return quantity > minQuantity ? quantity - 1 : quantity;
}

/** Plain quantity is ready when it is above 0. */
export function isPlainQuantityReady(quantity: number): boolean {
  return quantity > 0;
}

/** Why a plain quantity cannot be ordered, or null when it can. */
export function plainQuantityProblem(
  quantity: number,
  limits: PlainQuantityLimits,
): 'NOT_AVAILABLE' | 'MINIMUM' | 'AVAILABILITY' | null {
  if (limits.availability !== null && limits.availability <= 0) return 'NOT_AVAILABLE';
  if (quantity < limits.minQuantity || quantity <= 0) return 'MINIMUM';
  if (quantity > plainQuantityMax(limits)) return 'AVAILABILITY';
  return null;
}

export interface AudienceQuantityRule {
  id: number;
  min_quantity: number;
  dependant: boolean;
}

/**
 * Plus on an audience: below its min_quantity it jumps up to it; the total
 * over all audiences stays within the product's max_quantity.
 */
export function incrementAudienceQuantity(
  quantity: number,
  audience: Pick<AudienceQuantityRule, 'min_quantity'>,
  otherAudiencesTotal: number,
  maxQuantity: number | null,
): number {
  const next = Math.max(quantity + 1, audience.min_quantity);
  const room = (maxQuantity ?? Infinity) - otherAudiencesTotal;
  return next <= room ? next : quantity;
}

/** Minus on an audience: below its min_quantity it drops to 0. */
export function decrementAudienceQuantity(
  quantity: number,
  audience: Pick<AudienceQuantityRule, 'min_quantity'>,
): number {
  const next = quantity - 1;
  return next < audience.min_quantity || next < 0 ? 0 : next;
}

/** Sum of audience quantities. */
export function audienceTotal(quantities: Readonly<Record<number, number>>): number {
  return Object.values(quantities).reduce((sum, quantity) => sum + quantity, 0);
}

/**
 * With audiences, ready means the total reaches the product min_quantity and
 * at least one non-dependant audience has a quantity above 0.
 */
export function isAudienceQuantityReady(
  audiences: readonly AudienceQuantityRule[],
  quantities: Readonly<Record<number, number>>,
  minQuantity: number,
): boolean {
  const total = audienceTotal(quantities);
  const independent = audiences.some((audience) => !audience.dependant && (quantities[audience.id] ?? 0) > 0);
  return total > 0 && total >= minQuantity && independent;
}

/**
 * Each audience quantity is 0 or at least its min_quantity, and the total
 * stays within max_quantity; the server rejects anything else.
 */
export function audienceQuantitiesWithinBounds(
  audiences: readonly AudienceQuantityRule[],
  quantities: Readonly<Record<number, number>>,
  maxQuantity: number | null,
): boolean {
  const perAudience = audiences.every((audience) => {
    const quantity = quantities[audience.id] ?? 0;
    return quantity === 0 || quantity >= audience.min_quantity;
  });
  return perAudience && audienceTotal(quantities) <= (maxQuantity ?? Infinity);
}

/** Subscription audience quantity: 0 to 10 each. */
export function clampSubscriptionAudienceQuantity(quantity: number): number {
  return Math.min(Math.max(Math.trunc(quantity), 0), AUDIENCE_QUANTITY_MAX);
}

/**
 * A typed-in subscription audience quantity is taken only when it is a whole
 * number from 0 to 10; otherwise the current quantity stays.
 */
export function acceptTypedSubscriptionQuantity(current: number, typed: number): number {
  return Number.isInteger(typed) && typed >= 0 && typed <= AUDIENCE_QUANTITY_MAX ? typed : current;
}

export interface VoucherValueRule {
  id: number;
  /** Codes left; null is unlimited. */
  availability: number | null;
}

/**
 * Highest quantity of one voucher value: its availability if set, and the
 * total over all values within max_quantity.
 */
export function voucherValueMax(
  value: VoucherValueRule,
  quantities: Readonly<Record<number, number>>,
  maxQuantity: number | null,
): number {
  const others = audienceTotal(quantities) - (quantities[value.id] ?? 0);
  const byTotal = (maxQuantity ?? Infinity) - others;
  const byAvailability = value.availability ?? Infinity;
  const max = Math.max(0, Math.min(byTotal, byAvailability));
  return Number.isFinite(max) ? max : UNLIMITED_QUANTITY_MAX;
}

/** The voucher quantity step is ready when the total reaches min_quantity (and is above 0). */
export function isVoucherQuantityReady(
  quantities: Readonly<Record<number, number>>,
  minQuantity: number,
): boolean {
  const total = audienceTotal(quantities);
  return total > 0 && total >= minQuantity;
}

/** Standard upsell quantity runs from 0 to max_quantity, or 999 when none is given. */
export function upsellQuantityMax(maxQuantity: number | null | undefined): number {
  return maxQuantity ?? DEFAULT_UPSELL_MAX_QUANTITY;
}

export function clampUpsellQuantity(quantity: number, maxQuantity: number | null | undefined): number {
  return Math.min(Math.max(Math.trunc(quantity), 0), upsellQuantityMax(maxQuantity));
}

/**
 * Donation input: keeps digits, dot and comma, turns the comma into a dot and
 * rounds to 2 decimals; anything unreadable gives 0.
 */
export function parseDonationInput(input: string): number {
  const cleaned = input.replace(/[^\d.,]/g, '').replace(/,/g, '.');
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '' || cleaned === '.') return 0;
  const amount = Number(cleaned);
  return Number.isFinite(amount) ? Math.round(amount * 100) / 100 : 0;
}

/** Plus or minus on a donation changes the amount (cents) by the step, never below 0. */
export function stepDonationCents(amountCents: number, stepCents: number, direction: 1 | -1): number {
  return Math.max(0, amountCents + direction * stepCents);
}

/** A donation of 0 has quantity 0, any other amount quantity 1. */
export function donationQuantity(amountCents: number): 0 | 1 {
  return amountCents > 0 ? 1 : 0;
}
