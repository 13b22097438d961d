import { couponDiscountByLine, voucherCreditsUsed, type TicketLine } from '@kassa/domain/rules/coupons';
import { couponAppliesTo } from './coupon-problem.ts';
import type { CouponRow } from './find-code.ts';
import type { OrderCodes } from './order-codes.ts';
import type { PricedOrderItem } from './order-lines.ts';

export interface VoucherUse {
  voucherId: number;
  cents: number;
}

/** Credit of one voucher spent on one cart item. */
export interface VoucherCredit extends VoucherUse {
  itemIndex: number;
}

export interface OrderDiscounts {
  /** Discount per cart item (coupon and voucher credit together), in item order. */
  perItem: number[];
  /** The coupon's share of perItem. */
  couponPerItem: number[];
  /** Credit spent per voucher, in code order. */
  voucherUses: VoucherUse[];
  /** The same credit, split over the items it paid for. */
  voucherCredits: VoucherCredit[];
}

/**
 * Spreads the order's discounts over its items with the domain rules: the
 * coupon over the ticket (or voucher value) lines of the items it applies to, then voucher
 * credit over what is left, item by item.
 */
/** Lines a coupon discounts: tickets and voucher values, never upsells. */
const DISCOUNTED_KINDS: ReadonlySet<string> = new Set(['PRODUCT', 'VOUCHER_VALUE']);

/** An item that is no product (a voucher value) takes only coupons restricted to nothing. */
function couponAppliesToItem(coupon: CouponRow, item: PricedOrderItem): boolean {
  if (item.productId === null) return coupon.productIds.length === 0 && coupon.subscriptionIds.length === 0;
  return couponAppliesTo(coupon, item.productId);
}

export function orderDiscounts(items: readonly PricedOrderItem[], codes: OrderCodes): OrderDiscounts {
  const perItem = items.map(() => 0);
  if (codes.coupon) {
    const coupon = codes.coupon;
    const ticketLines: TicketLine[] = items.flatMap((item) =>
      couponAppliesToItem(coupon, item)
        ? item.lines
            .map((line, lineIndex) => ({ line, lineIndex }))
            .filter(({ line }) => DISCOUNTED_KINDS.has(line.kind))
            .map(({ line, lineIndex }) => ({
              key: `${item.index}:${lineIndex}`,
              unitPriceCents: line.unitPriceCents,
              quantity: line.quantity,
            }))
        : [],
    );
    const terms = { kind: coupon.kind, value: coupon.value, maxTicketAmount: coupon.maxTicketAmount };
    for (const [key, cents] of couponDiscountByLine(terms, ticketLines)) {
      const itemIndex = Number(key.split(':')[0]);
      perItem[itemIndex] = (perItem[itemIndex] ?? 0) + cents;
    }
  }
  const couponPerItem = [...perItem];
  const payable = items.reduce((sum, item, index) => sum + item.subtotalCents - perItem[index]!, 0);
  const used = voucherCreditsUsed(
    codes.vouchers.map((voucher) => voucher.balanceCents),
    payable,
  );
  const voucherCredits: VoucherCredit[] = [];
  codes.vouchers.forEach((voucher, voucherIndex) => {
    let credit = used[voucherIndex]!;
    items.forEach((item, itemIndex) => {
      const share = Math.min(credit, item.subtotalCents - perItem[itemIndex]!);
      if (share <= 0) return;
      perItem[itemIndex] = perItem[itemIndex]! + share;
      credit -= share;
      voucherCredits.push({ itemIndex, voucherId: voucher.id, cents: share });
    });
  });
  return {
    perItem,
    couponPerItem,
    voucherUses: codes.vouchers
      .map((voucher, index) => ({ voucherId: voucher.id, cents: used[index]! }))
      .filter((use) => use.cents > 0),
    voucherCredits,
  };
}
