import type { SubscriptionDetail, Upsell } from '@kassa/domain/contract/catalog';
import type { Client } from '@kassa/domain/contract/client';
import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from '@/lib/router/router';
import { CheckoutFrame } from '@/features/checkout/components/checkout-frame';
import { CustomerForm, type CustomerFormState } from '@/features/checkout/components/customer-form';
import { UpsellsStep } from '@/features/checkout/components/upsells-step';
import { keepFlowState, useAbandonedPayment } from '@/features/checkout/hooks/use-abandoned-payment';
import { useCheckoutSteps } from '@/features/checkout/hooks/use-checkout-steps';
import { couponCodes, withCoupon } from '@/features/checkout/utils/applied-coupons';
import type { Renewal } from '@/lib/renewal-store';
import { useStepEvent } from '@/lib/storefront-events';
import { useSubscriptionCheckout } from '../hooks/use-subscription-checkout';
import {
  initialOrder,
  orderLines,
  passwordProblem,
  type PasswordState,
  type SubscriptionOrderState,
} from '../utils/subscription-order';
import { AudienceStep } from './audience-step';
import { PasswordFields } from './password-fields';
import { RenewalStep } from './renewal-step';
import './subscription-order.css';

type Step = 'quantity' | 'upsells' | 'customer';

interface FlowProps {
  subscription: SubscriptionDetail;
  upsells: Upsell[];
  organisation: Organisation;
  client: Client | null;
  /** Renewal mode for this subscription (docs/storefront.md §2.15), else null. */
  renewal: Renewal | null;
}

/**
 * The subscription order flow (docs/storefront.md §2.11, §4.4): quantity (or
 * the renewal of existing passes), upsells if any, customer, in the checkout
 * frame. Non-physical subscriptions are one of it and skip the quantity step.
 */
export function SubscriptionOrderFlow({ subscription, upsells, organisation, client, renewal }: FlowProps) {
  const { t } = useTranslation();
  // Back from the payment page gives the order up, so its hold ends at once (decision 0146).
  useAbandonedPayment(keepFlowState);
  const navigate = useNavigate();
  const physical = subscription.type === 'PHYSICAL' && subscription.audiences.length > 0;
  const steps: Step[] = [
    ...(physical || renewal ? (['quantity'] as const) : []),
    ...(upsells.length > 0 ? (['upsells'] as const) : []),
    'customer',
  ];
  const [order, setOrder] = useState<SubscriptionOrderState>(initialOrder);
  const [form, setForm] = useState<CustomerFormState | null>(null);
  const [customer, setCustomer] = useState<OrderCustomer | null>(null);
  const [password, setPassword] = useState<PasswordState>({ password: '', confirm: '' });
  const [coupons, setCoupons] = useState<CouponResult[]>([]);

  const lines = orderLines(subscription, order, upsells, renewal);
  const subtotalCents = [...lines.bought, ...lines.extras].reduce((sum, line) => sum + line.amountCents, 0);
  // Docs/storefront.md §4.4: the quantity step is ready when the total is above 0.
  const quantityReady = subtotalCents > 0 && lines.bought.length > 0;
  const needsPassword = client === null;
  const flow = useCheckoutSteps<Step>({
    steps,
    allowed: (key) => key === steps[0] || quantityReady,
    leave: () => void navigate('/'),
  });
  const checkout = useSubscriptionCheckout({
    subscription,
    order,
    customer,
    password: passwordProblem(password) === null ? password.password : null,
    needsPassword,
    coupons: couponCodes(coupons),
    renewal,
    quantityReady,
    atCustomerStep: flow.step === 'customer',
  });
  useStepEvent('subscription', flow.step, { id: subscription.id, title: subscription.title });

  return (
    <CheckoutFrame
      title={subscription.title}
      notice={renewal ? t('subscription.renewal_notice') : null}
      steps={steps}
      step={flow.step}
      label={(key) => t(`subscription.steps.${key as Step | 'checkout'}`)}
      onBack={flow.back}
      onContinue={flow.next}
      continueDisabled={flow.step === 'quantity' && !quantityReady}
      checkout={checkout}
      summary={{
        current: {
          title: subscription.title,
          when: null,
          lines: [...lines.bought, ...lines.extras],
          subtotalCents,
        },
      }}
      info={subscription}
      coupons={{
        target: { type: 'SUBSCRIPTION', subscription: subscription.id },
        applied: coupons,
        onApplied: (result) => setCoupons((current) => withCoupon(current, result)),
      }}
    >
      {flow.step === 'quantity' &&
        (renewal ? (
          <RenewalStep subscription={subscription} renewal={renewal} />
        ) : (
          <AudienceStep
            subscription={subscription}
            order={order}
            onChange={(audiences) => setOrder((current) => ({ ...current, audiences }))}
          />
        ))}
      {flow.step === 'upsells' && <UpsellsStep upsells={upsells} order={order} onChange={setOrder} />}
      {flow.step === 'customer' && (
        <>
          <CustomerForm
            definitions={Object.values(organisation.fields)}
            productIds={[]}
            subscriptionId={subscription.id}
            allowBusiness={organisation.allow_business}
            client={client}
            rebooking={false}
            initial={form}
            onChange={setForm}
            onResult={setCustomer}
            {...checkout.attention}
          />
          {needsPassword && (
            <PasswordFields
              value={password}
              onChange={setPassword}
              showErrors={checkout.attention.showAllErrors}
            />
          )}
        </>
      )}
    </CheckoutFrame>
  );
}
