import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import { amountToCents } from '@kassa/domain/rules/money';
import { isVoucherQuantityReady } from '@kassa/domain/rules/quantity';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from '@/lib/router/router';
import { CheckoutFrame } from '@/features/checkout/components/checkout-frame';
import { CustomerForm, type CustomerFormState } from '@/features/checkout/components/customer-form';
import { keepFlowState, useAbandonedPayment } from '@/features/checkout/hooks/use-abandoned-payment';
import { useCheckoutSteps } from '@/features/checkout/hooks/use-checkout-steps';
import { useClient } from '@/lib/api/get-client';
import { useOrganisation } from '@/lib/api/get-organisation';
import { pageDefinitions } from '@/lib/page-definitions';
import type { StoredRebooking } from '@/lib/rebooking-store';
import { raiseSelection, useStepEvent } from '@/lib/storefront-events';
import { useVoucherCheckout } from '../hooks/use-voucher-checkout';
import { voucherLines, type ValueQuantities } from '../utils/voucher-lines';
import { VoucherQuantityStep } from './voucher-quantity-step';

type Step = 'quantity' | 'customer';
const STEPS: readonly Step[] = ['quantity', 'customer'];

/**
 * The voucher order flow (docs/storefront.md §2.12, §4.5): values, then the
 * customer, in the checkout frame beside the cart card.
 */
export function VoucherOrderFlow({
  voucher,
  rebook,
}: {
  voucher: VoucherDetail;
  /** A paid booking turned into this voucher (decision 0112), or null for a normal order. */
  rebook: StoredRebooking | null;
}) {
  const { t } = useTranslation();
  // Back from the payment page gives the order up, so its hold ends at once (decision 0146).
  useAbandonedPayment(keepFlowState);
  const navigate = useNavigate();
  const organisation = useOrganisation().data;
  const client = useClient().data ?? null;
  // A booking turned into a voucher is one code of the first value, worth what was paid;
  // its values step passes by itself (docs/storefront.md §4.5).
  const firstValue = voucher.values[0];
  const converting = rebook !== null && firstValue !== undefined;
  const worthCents = rebook ? amountToCents(rebook.data.amount) : 0;
  const [quantities, setQuantities] = useState<ValueQuantities>(converting ? { [firstValue.id]: 1 } : {});
  const [form, setForm] = useState<CustomerFormState | null>(null);
  const [customer, setCustomer] = useState<OrderCustomer | null>(null);
  const quantityReady = isVoucherQuantityReady(quantities, voucher.min_quantity);
  const flow = useCheckoutSteps<Step>({
    steps: converting ? ['customer'] : STEPS,
    allowed: (key) => converting || key === 'quantity' || quantityReady,
    leave: () => void navigate(rebook?.entry ?? '/'),
  });
  const checkout = useVoucherCheckout({
    voucher,
    quantities,
    quantityReady,
    customer,
    rebook,
    atCustomerStep: flow.step === 'customer',
  });

  useStepEvent('voucher', flow.step, { id: voucher.id, title: voucher.title });
  const currency = pageDefinitions().currency;
  useEffect(() => {
    raiseSelection('voucher', { id: voucher.id, title: voucher.title, price: voucher.price }, currency);
  }, [voucher.id, voucher.title, voucher.price, currency]);

  const lines = voucherLines(voucher, quantities).map((line) =>
    rebook ? { ...line, label: t('voucher.booking_credit'), amountCents: worthCents } : line,
  );
  return (
    <CheckoutFrame
      title={voucher.title}
      notice={rebook ? t('voucher.rebook_notice') : null}
      steps={STEPS}
      step={flow.step}
      label={(key) => t(`voucher.steps.${key as Step | 'checkout'}`)}
      onBack={flow.back}
      onContinue={flow.next}
      continueDisabled={!quantityReady}
      checkout={checkout}
      summary={{
        current: {
          title: voucher.title,
          when: null,
          lines,
          subtotalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
        },
        image: voucher.image,
      }}
      info={voucher}
      rebooking={rebook ? { reserved: false, worthCents } : undefined}
    >
      {flow.step === 'quantity' && (
        <VoucherQuantityStep voucher={voucher} quantities={quantities} onChange={setQuantities} />
      )}
      {flow.step === 'customer' && organisation && (
        <CustomerForm
          definitions={Object.values(organisation.fields)}
          productIds={[]}
          voucherId={voucher.id}
          allowBusiness={organisation.allow_business}
          client={client}
          rebooking={rebook !== null}
          prefill={rebook?.data.customer ?? null}
          initial={form}
          onChange={setForm}
          onResult={setCustomer}
          {...checkout.attention}
        />
      )}
    </CheckoutFrame>
  );
}
