/**
 * The reservation route (spec §2): the reservation feature with the coupon
 * modal and check and the checkout-return feature's payment call plugged in
 * (features do not import each other, ARCHITECTURE §1); the shared checkout
 * pieces (customer form, payment hand-off) come from features/checkout.
 */
import { getPayment } from '@/features/checkout-return/api/get-payment';
import { redeemCoupon } from '@/features/coupon/api/redeem-coupon';
import { CouponModal } from '@/features/coupon/components/coupon-modal';
import type { ReservationParts } from '@/features/reservation/components/reservation-parts';
import { ReservationPage as Page } from '@/features/reservation/components/reservation-page';

const parts: ReservationParts = { CouponModal, redeemCoupon, getPayment };

export function ReservationPage() {
  return <Page parts={parts} />;
}
