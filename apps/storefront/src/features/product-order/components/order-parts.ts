/**
 * What the product flow needs from the features it sits beside (cart,
 * coupon), which it may not import (ARCHITECTURE §1): the app's route hands
 * these in, and TypeScript checks there that each feature's component fits
 * its slot. The shared checkout pieces (customer form, order summary, submit
 * hook, captcha and order-failed modals, payment hand-off) it imports from
 * features/checkout, which the layer rule names as shared.
 */
import type { CouponRequestInput, CouponResult } from '@kassa/domain/contract/coupon';
import type { ComponentType } from 'react';
import type { CartOrder } from '@/lib/cart-store';

export interface CartSlotProps {
  cart: readonly CartOrder[];
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
}

export interface CouponSlotProps {
  open: boolean;
  onClose: () => void;
  redeem: (code: string, captcha?: string) => Promise<CouponResult>;
  onApplied: (result: CouponResult) => void;
  describe?: (result: CouponResult) => string | null;
}

export interface RemoveSlotProps {
  /** The order's title; closed while undefined. */
  title: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

export interface OrderParts {
  CartItems: ComponentType<CartSlotProps>;
  /** The cart's "remove this order?" question, for the order being changed (decision 0196). */
  RemoveOrderDialog: ComponentType<RemoveSlotProps>;
  CouponModal: ComponentType<CouponSlotProps>;
  redeemCoupon: (body: CouponRequestInput) => Promise<CouponResult>;
}
