import { couponDiscountByLine, voucherCreditsUsed, type TicketLine } from '@kassa/domain/rules/coupons';
import { couponAppliesTo } from '../coupons/coupon-problem.ts';
import type { OrderCodes } from './order-codes.ts';
import type { PricedItem } from './price-items.ts';

export interface VoucherUse {
  voucherId: number;
  cents: number;
}

export interface OrderDiscounts {
  /** Discount per cart item (coupon and voucher credit together), in item order. */
  perItem: number[];
  voucherUses: VoucherUse[];
}

/**
 * Spreads the order's discounts over its items with the domain rules: the
 * coupon over the ticket lines of the products it applies to, then voucher
 * credit over what is left, item by item.
 */
export function orderDiscounts(items: readonly PricedItem[], codes: OrderCodes): OrderDiscounts {
  const perItem = items.map(() => 0);
  if (codes.coupon) {
    const coupon = codes.coupon;
    const ticketLines: TicketLine[] = items.flatMap((item) =>
      couponAppliesTo(coupon, item.product.id)
        ? item.lines
            .map((line, lineIndex) => ({ line, lineIndex }))
            .filter(({ line }) => line.kind === 'PRODUCT')
            .map(({ line, lineIndex }) => ({ key: `${item.index}:${lineIndex}`, unitPriceCents: line.unitPriceCents, quantity: line.quantity }))
        : [],
    );
    const terms = { kind: coupon.kind, value: coupon.value, maxTicketAmount: coupon.maxTicketAmount };
    for (const [key, cents] of couponDiscountByLine(terms, ticketLines)) {
      const itemIndex = Number(key.split(':')[0]);
      perItem[itemIndex] = (perItem[itemIndex] ?? 0) + cents;
    }
  }
  const payable = items.reduce((sum, item, index) => sum + item.subtotalCents - perItem[index]!, 0);
  const used = voucherCreditsUsed(codes.vouchers.map((voucher) => voucher.balanceCents), payable);
  let credit = used.reduce((sum, cents) => sum + cents, 0);
  items.forEach((item, index) => {
    const share = Math.min(credit, item.subtotalCents - perItem[index]!);
    perItem[index] = perItem[index]! + share;
    credit -= share;
  });
  return {
    perItem,
    voucherUses: codes.vouchers
      .map((voucher, index) => ({ voucherId: voucher.id, cents: used[index]! }))
      .filter((use) => use.cents > 0),
  };
}
