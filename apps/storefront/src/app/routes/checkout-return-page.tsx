/**
 * The checkout return route (docs/storefront.md §2.19): the checkout-return
 * feature with the payment feature's hand-off and wallet buttons plugged in
 * (features do not import each other, docs/architecture.md).
 */
import { CheckoutReturnPage as ReturnPage } from '@/features/checkout-return/components/checkout-return-page';
import { PayPalButtons } from '@/features/checkout/components/paypal-buttons';
import { handOffPayment } from '@/features/checkout/utils/hand-off-payment';
import { WithdrawalOffer } from '@/features/withdrawal/components/withdrawal-offer';

export function CheckoutReturnPage() {
  return (
    <ReturnPage
      handOffPayment={handOffPayment}
      WalletButtons={PayPalButtons}
      WithdrawalOffer={WithdrawalOffer}
    />
  );
}
