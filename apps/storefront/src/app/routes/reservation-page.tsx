/**
 * The reservation route (spec §2): the reservation feature with the
 * customer form, the coupon modal and check, and the payment hand-off
 * plugged in (features do not import each other, ARCHITECTURE §1).
 */
import { getPayment } from '@/features/checkout-return/api/get-payment';
import { redeemCoupon } from '@/features/coupon/api/redeem-coupon';
import { CouponModal } from '@/features/coupon/components/coupon-modal';
import { CustomerForm } from '@/features/customer-form/components/customer-form';
import { handOffPayment } from '@/features/payment/utils/hand-off-payment';
import type { ReservationParts } from '@/features/reservation/components/reservation-parts';
import { ReservationPage as Page } from '@/features/reservation/components/reservation-page';

const parts: ReservationParts = { CustomerForm, CouponModal, redeemCoupon, getPayment, handOffPayment };

export function ReservationPage() {
  return <Page parts={parts} />;
}
