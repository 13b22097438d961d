/**
 * The subscription order flow's route page (spec §2): the app composes the
 * subscription-order feature with the coupon feature; the checkout pieces
 * come from features/checkout.
 */
import { redeemCoupon } from '@/features/coupon/api/redeem-coupon';
import { CouponModal } from '@/features/coupon/components/coupon-modal';
import type { SubscriptionParts } from '@/features/subscription-order/components/subscription-parts';
import { SubscriptionOrderPage } from '@/features/subscription-order/components/subscription-order-page';

const parts: SubscriptionParts = { CouponModal, redeemCoupon };

export function SubscriptionPage() {
  return <SubscriptionOrderPage parts={parts} />;
}
