import type { CouponRequestInput, CouponResult } from '@kassa/domain/contract/coupon';
import { apiRequest } from '@/lib/api-client';

/** POST /api/coupon: checks a code against what is being ordered (docs/storefront.md §7.7). */
export async function redeemCoupon(body: CouponRequestInput): Promise<CouponResult> {
  const answer = await apiRequest<{ ok: true; response: CouponResult }>('/coupon', {
    method: 'POST',
    body,
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/coupon')).couponResponseSchema
      : undefined,
  });
  return answer.response;
}
