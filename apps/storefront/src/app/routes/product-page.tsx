/**
 * The product order flow's route pages (spec §2): the app composes the
 * product-order feature with the features it needs, which do not import
 * each other (ARCHITECTURE §1).
 */
import { CartItems } from '@/features/cart/components/cart-items';
import { redeemCoupon } from '@/features/coupon/api/redeem-coupon';
import { CouponModal } from '@/features/coupon/components/coupon-modal';
import { CustomerForm, type CustomerFormState } from '@/features/customer-form/components/customer-form';
import { SubscriptionChoice } from '@/features/customer-form/components/subscription-choice';
import { OrderSummary } from '@/features/order-summary/components/order-summary';
import { handOffPayment } from '@/features/payment/utils/hand-off-payment';
import type { OrderParts } from '@/features/product-order/components/order-parts';
import { ProductOrderPage } from '@/features/product-order/components/product-order-page';

const parts: OrderParts<CustomerFormState> = {
  CustomerForm,
  SubscriptionChoice,
  OrderSummary,
  CartItems,
  CouponModal,
  redeemCoupon,
  handOffPayment,
};

export function ProductPage() {
  return <ProductOrderPage parts={parts} />;
}

export function ProductRebookPage() {
  return <ProductOrderPage parts={parts} rebooking />;
}
