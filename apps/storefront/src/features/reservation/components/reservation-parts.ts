/**
 * What the reservation page needs from features beside it that are not the
 * shared checkout pieces (features/checkout, imported directly): the coupon
 * modal and check, and GET /api/payment/{hash} of the checkout-return
 * feature. Features do not import each other (ARCHITECTURE §1): the app's
 * route hands these in, and TypeScript checks there that each one fits.
 */
import type { CouponRequestInput, CouponResult } from '@kassa/domain/contract/coupon';
import type { Payment } from '@kassa/domain/contract/orders';
import type { ComponentType } from 'react';

export interface CouponSlotProps {
  open: boolean;
  onClose: () => void;
  redeem: (code: string, captcha?: string) => Promise<CouponResult>;
  onApplied: (result: CouponResult) => void;
}

export interface ReservationParts {
  CouponModal: ComponentType<CouponSlotProps>;
  redeemCoupon: (body: CouponRequestInput) => Promise<CouponResult>;
  /** GET /api/payment/{hash}: the reservation's payment to hand off. */
  getPayment: (hash: string) => Promise<Payment>;
}
