/**
 * Order totals of docs/storefront.md §9.3, in integer cents. The storefront
 * shows them; the server recomputes them with the same functions and charges
 * only its own.
 */

/** An organisation addition (surcharge): type 0 on a new booking, type 1 on a rebooking. */
export interface AdditionRule {
  amountCents: number;
  type: number;
}

export interface TotalBreakdown {
  subtotalCents: number;
  discountCents: number;
  additionsCents: number;
  totalCents: number;
}

/** Sum of the additions of one type. */
export function additionsOfType(additions: readonly AdditionRule[], type: 0 | 1): number {
  return additions
    .filter((addition) => addition.type === type)
    .reduce((sum, addition) => sum + addition.amountCents, 0);
}

/** Unit price × quantity. */
export function lineTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}

export interface ProductTotalInput {
  subtotalCents: number;
  discountCents: number;
  additions: readonly AdditionRule[];
  /** A rebooking takes type 1 additions instead of type 0. */
  rebooking?: boolean;
  /**
   * Rebooking only: what the rebooked order is already worth (its paid ticket
   * value). Credited last, after the additions; the total never goes below 0
   * and the rest is not paid out (decision 0040).
   */
  rebookCreditCents?: number;
  /** Business orders on invoice total 0 online. */
  onInvoice?: boolean;
}

/**
 * Product and voucher total: subtotal − discount + additions. Additions are
 * type 0 (type 1 when rebooking) and apply only when subtotal − discount is
 * above 0. The discount never takes the total below 0; a rebooking's credit
 * comes off last, never below 0; on invoice the total is 0.
 */
export function productTotal(input: ProductTotalInput): TotalBreakdown & { creditCents: number } {
  const discountCents = Math.min(Math.max(input.discountCents, 0), input.subtotalCents);
  const base = input.subtotalCents - discountCents;
  const additionsCents = base > 0 ? additionsOfType(input.additions, input.rebooking ? 1 : 0) : 0;
  const due = base + additionsCents;
  const creditCents = input.rebooking ? Math.min(Math.max(input.rebookCreditCents ?? 0, 0), due) : 0;
  return {
    subtotalCents: input.subtotalCents,
    discountCents,
    additionsCents,
    creditCents,
    totalCents: input.onInvoice ? 0 : due - creditCents,
  };
}

/** Voucher orders follow the product rule (docs/storefront.md §9.3). */
export const voucherOrderTotal = productTotal;

export interface SubscriptionTotalInput {
  subtotalCents: number;
  discountCents: number;
  additions: readonly AdditionRule[];
  onInvoice?: boolean;
}

/**
 * Subscription total: the discount is capped at the subtotal; only type 0
 * additions apply, and only when the total is above 0.
 */
export function subscriptionTotal(input: SubscriptionTotalInput): TotalBreakdown {
  const discountCents = Math.min(Math.max(input.discountCents, 0), input.subtotalCents);
  const base = input.subtotalCents - discountCents;
  const additionsCents = base > 0 ? additionsOfType(input.additions, 0) : 0;
  return {
    subtotalCents: input.subtotalCents,
    discountCents,
    additionsCents,
    totalCents: input.onInvoice ? 0 : base + additionsCents,
  };
}

export interface ReservationTotalInput {
  productsCents: number;
  upsellsCents: number;
  discountCents: number;
  additions: readonly AdditionRule[];
}

/**
 * Reservation total: products + upsells − discount + organisation additions,
 * where additions of type 1 are excluded from the overall total.
 */
export function reservationTotal(input: ReservationTotalInput): TotalBreakdown {
  const subtotalCents = input.productsCents + input.upsellsCents;
  const discountCents = Math.min(Math.max(input.discountCents, 0), subtotalCents);
  const additionsCents = input.additions
    .filter((addition) => addition.type !== 1)
    .reduce((sum, addition) => sum + addition.amountCents, 0);
  return {
    subtotalCents,
    discountCents,
    additionsCents,
    totalCents: subtotalCents - discountCents + additionsCents,
  };
}
