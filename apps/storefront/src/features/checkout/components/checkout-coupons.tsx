import type { CouponResult } from '@kassa/domain/contract/coupon';
import { useTranslation } from '@/lib/use-translation';
import { useClient } from '@/lib/api/get-client';
import { pageDefinitions } from '@/lib/page-definitions';
import { redeemCoupon } from '../api/redeem-coupon';
import { couponCodes } from '../utils/applied-coupons';
import { couponScope } from '../utils/coupon-scope';
import { CouponModal } from './coupon-modal';

/** The codes of an order that takes them (docs/storefront.md §4.6), kept by its flow. */
export interface FrameCoupons {
  /** What a code is checked against (POST /api/coupon): the products or the subscription ordered. */
  target: { type: 'PRODUCT'; product: number[] } | { type: 'SUBSCRIPTION'; subscription: number };
  applied: readonly CouponResult[];
  /** A code the server accepted: the flow adds it (withCoupon) to what it keeps. */
  onApplied: (result: CouponResult) => void;
  /** Say what each coupon takes off (decision 0010: ticket lines only), in the modal and the summary. */
  describe?: boolean;
}

/** How a coupon is described, when the flow says so. */
function useDescribe(coupons: FrameCoupons | undefined) {
  const { t, i18n } = useTranslation();
  const currency = pageDefinitions().currency;
  return coupons?.describe
    ? (result: CouponResult) => couponScope(result, t, i18n.language, currency)
    : undefined;
}

/** The summary's codes and, when described, what each one takes off. */
export function useCouponList(coupons: FrameCoupons | undefined) {
  const describe = useDescribe(coupons);
  const applied = coupons?.applied ?? [];
  const scopes = describe
    ? Object.fromEntries(
        applied.flatMap((coupon) => {
          const scope = describe(coupon);
          const [code] = couponCodes([coupon]);
          return scope && code ? [[code, scope]] : [];
        }),
      )
    : undefined;
  return { codes: couponCodes(applied), scopes };
}

/** The coupon modal of an order: asks the server about a code against what is ordered. */
export function CheckoutCoupons({
  coupons,
  open,
  onClose,
}: {
  coupons: FrameCoupons;
  open: boolean;
  onClose: () => void;
}) {
  const describe = useDescribe(coupons);
  const clientId = useClient().data?.id ?? null;
  return (
    <CouponModal
      open={open}
      onClose={onClose}
      describe={describe}
      redeem={(code, captcha) =>
        redeemCoupon({
          ...coupons.target,
          code,
          client_id: clientId,
          coupons: couponCodes(coupons.applied),
          captcha,
        })
      }
      onApplied={coupons.onApplied}
    />
  );
}
