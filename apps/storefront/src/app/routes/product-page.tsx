/**
 * The product order flow's route pages (spec §2): the app composes the
 * product-order feature with the cart and coupon features, which do not
 * import each other (ARCHITECTURE §1); the shared checkout pieces come from
 * features/checkout.
 */
import { CartItems } from '@/features/cart/components/cart-items';
import { RemoveOrderDialog } from '@/features/cart/components/remove-order-dialog';
import { redeemCoupon } from '@/features/coupon/api/redeem-coupon';
import { CouponModal } from '@/features/coupon/components/coupon-modal';
import type { OrderParts } from '@/features/product-order/components/order-parts';
import { ProductOrderPage } from '@/features/product-order/components/product-order-page';

const parts: OrderParts = { CartItems, RemoveOrderDialog, CouponModal, redeemCoupon };

export function ProductPage() {
  return <ProductOrderPage parts={parts} />;
}

export function ProductRebookPage() {
  return <ProductOrderPage parts={parts} rebooking />;
}
