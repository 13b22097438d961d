/**
 * The reservation route (docs/storefront.md §2.17): the reservation feature
 * with the checkout-return feature's payment call plugged in (features do
 * not import each other, decision 0005); the shared checkout pieces (customer form,
 * coupon modal, payment hand-off) come from features/checkout.
 */
import { getPayment } from '@/features/checkout-return/api/get-payment';
import type { ReservationParts } from '@/features/reservation/components/reservation-parts';
import { ReservationPage as Page } from '@/features/reservation/components/reservation-page';

const parts: ReservationParts = { getPayment };

export function ReservationPage() {
  return <Page parts={parts} />;
}
