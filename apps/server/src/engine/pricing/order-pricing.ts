import { productTotal, type TotalBreakdown } from '@kassa/domain/rules/totals';
import type { organisationAdditions } from '../../db/schema.ts';
import type { PricedOrderItem } from './order-lines.ts';
import type { OrderCodes } from './order-codes.ts';
import { orderDiscounts, type VoucherCredit, type VoucherUse } from './order-discounts.ts';

export type AdditionRow = typeof organisationAdditions.$inferSelect;

/** The server's prices for a whole order request. */
export interface PricedOrder<Item extends PricedOrderItem = PricedOrderItem> {
  items: Item[];
  /** Discount per item, in item order. */
  itemDiscounts: number[];
  /** The coupon's share of itemDiscounts; the rest is voucher credit. */
  couponDiscounts: number[];
  voucherUses: VoucherUse[];
  voucherCredits: VoucherCredit[];
  /** The additions charged (none when nothing is left to pay). */
  additions: AdditionRow[];
  totals: TotalBreakdown;
  /** Rebooking only: the old order's value taken off the total (decision 0040). */
  creditCents: number;
  onInvoice: boolean;
}

/**
 * Totals of the order with the domain rule (docs/storefront.md §9.3): subtotal
 * − discount + the new-booking additions (rebooking ones for a rebooking, less
 * its credit) when something is left to pay; 0 online when the order goes on
 * invoice.
 */
export function priceOrder<Item extends PricedOrderItem>(
  items: Item[],
  codes: OrderCodes,
  additions: readonly AdditionRow[],
  onInvoice: boolean,
  rebook: { creditCents: number } | null = null,
): PricedOrder<Item> {
  const discounts = orderDiscounts(items, codes);
  const { creditCents, ...totals } = productTotal({
    subtotalCents: items.reduce((sum, item) => sum + item.subtotalCents, 0),
    discountCents: discounts.perItem.reduce((sum, cents) => sum + cents, 0),
    additions: additions.map((addition) => ({ amountCents: addition.amountCents, type: addition.type })),
    rebooking: rebook !== null,
    rebookCreditCents: rebook?.creditCents ?? 0,
    onInvoice,
  });
  const additionType = rebook ? 1 : 0;
  return {
    items,
    itemDiscounts: discounts.perItem,
    couponDiscounts: discounts.couponPerItem,
    voucherUses: discounts.voucherUses,
    voucherCredits: discounts.voucherCredits,
    additions:
      totals.additionsCents > 0 ? additions.filter((addition) => addition.type === additionType) : [],
    totals,
    creditCents,
    onInvoice,
  };
}
