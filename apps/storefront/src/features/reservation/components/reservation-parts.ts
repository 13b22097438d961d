/**
 * What the reservation page needs from a feature beside it that is not the
 * shared checkout (features/checkout, imported directly, coupon modal
 * included): GET /api/payment/{hash} of the checkout-return feature.
 * Features do not import each other (decision 0005): the app's route hands
 * it in, and TypeScript checks there that it fits.
 */
import type { Payment } from '@kassa/domain/contract/orders';

export interface ReservationParts {
  /** GET /api/payment/{hash}: the reservation's payment to hand off. */
  getPayment: (hash: string) => Promise<Payment>;
}
