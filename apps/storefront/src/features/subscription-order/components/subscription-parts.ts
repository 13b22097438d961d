/**
 * What the subscription flow gets from other features, composed by the app
 * (app/routes/subscription-page.tsx): the coupon modal and its call. The
 * checkout pieces come from features/checkout, which the layer rule shares.
 */
import type { CouponRequestInput, CouponResult } from '@kassa/domain/contract/coupon';
import type { ComponentType } from 'react';

export interface SubscriptionParts {
  CouponModal: ComponentType<{
    open: boolean;
    onClose: () => void;
    redeem: (code: string, captcha?: string) => Promise<CouponResult>;
    onApplied: (result: CouponResult) => void;
  }>;
  redeemCoupon: (body: CouponRequestInput) => Promise<CouponResult>;
}
