/**
 * The checkout return route (spec §2): the checkout-return feature with the
 * payment feature's hand-off and wallet buttons plugged in (features do not
 * import each other, ARCHITECTURE §1).
 */
import { CheckoutReturnPage as ReturnPage } from '@/features/checkout-return/components/checkout-return-page';
import { PayPalButtons } from '@/features/checkout/components/paypal-buttons';
import { handOffPayment } from '@/features/checkout/utils/hand-off-payment';

export function CheckoutReturnPage() {
  return <ReturnPage handOffPayment={handOffPayment} WalletButtons={PayPalButtons} />;
}
