import type { SubscriptionDetail, Upsell } from '@kassa/domain/contract/catalog';
import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StepHeading } from '@/components/ui/step-heading';
import { Steps } from '@/components/ui/steps';
import { keepFlowState, useAbandonedPayment } from '@/features/checkout/hooks/use-abandoned-payment';
import { useStepHistory } from '@/features/checkout/hooks/use-step-history';
import { CaptchaModal } from '@/features/checkout/components/captcha-modal';
import { CustomerForm, type CustomerFormState } from '@/features/checkout/components/customer-form';
import { OrderFailedModal } from '@/features/checkout/components/order-failed-modal';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { UpsellsStep } from '@/features/checkout/components/upsells-step';
import type { Client } from '@kassa/domain/contract/client';
import { pageDefinitions } from '@/lib/page-definitions';
import type { Renewal } from '@/lib/renewal-store';
import { useStepEvent } from '@/lib/storefront-events';
import { useSubscriptionCheckout } from '../hooks/use-subscription-checkout';
import {
  initialOrder,
  orderLines,
  passwordProblem,
  subscriptionTotals,
  type PasswordState,
  type SubscriptionOrderState,
} from '../utils/subscription-order';
import { AudienceStep } from './audience-step';
import { PasswordFields } from './password-fields';
import { RenewalStep } from './renewal-step';
import { SubscriptionInfoModal } from './subscription-info-modal';
import type { SubscriptionParts } from './subscription-parts';
import '@/features/checkout/components/order-layout.css';
import './subscription-order.css';

type Step = 'quantity' | 'upsells' | 'customer';

interface FlowProps {
  subscription: SubscriptionDetail;
  upsells: Upsell[];
  organisation: Organisation;
  client: Client | null;
  /** Renewal mode for this subscription (spec §4 Renewal), else null. */
  renewal: Renewal | null;
  parts: SubscriptionParts;
}

/**
 * The subscription order flow (spec §2, §4 Subscription flow): quantity (or
 * the renewal of existing passes), upsells if any, customer, checkout.
 * Non-physical subscriptions are one of it and skip the quantity step.
 */
export function SubscriptionOrderFlow({
  subscription,
  upsells,
  organisation,
  client,
  renewal,
  parts,
}: FlowProps) {
  const { t } = useTranslation();
  // Back from the payment page gives the order up, so its hold ends at once (decision 0146).
  useAbandonedPayment(keepFlowState);
  const navigate = useNavigate();
  const definitions = pageDefinitions();
  const physical = subscription.type === 'PHYSICAL' && subscription.audiences.length > 0;
  const steps: Step[] = [
    ...(physical || renewal ? (['quantity'] as const) : []),
    ...(upsells.length > 0 ? (['upsells'] as const) : []),
    'customer',
  ];
  const [step, setStep] = useState<Step>(steps[0]!);
  const [order, setOrder] = useState<SubscriptionOrderState>(initialOrder);
  const [form, setForm] = useState<CustomerFormState | null>(null);
  const [customer, setCustomer] = useState<OrderCustomer | null>(null);
  const [password, setPassword] = useState<PasswordState>({ password: '', confirm: '' });
  const [coupons, setCoupons] = useState<CouponResult[]>([]);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [payAttempts, setPayAttempts] = useState(0);
  const [infoOpen, setInfoOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  useStepEvent('subscription', step, { id: subscription.id, title: subscription.title });

  const lines = orderLines(subscription, order, upsells, renewal);
  const totals = subscriptionTotals(lines, coupons, organisation.additions);
  const needsPassword = client === null;
  const passwordValid = passwordProblem(password) === null;
  const couponCodes = coupons.map((coupon) => coupon.data.code.toUpperCase());
  // Spec §4: the quantity step is ready when the total is above 0.
  const quantityReady = totals.subtotalCents > 0 && lines.bought.length > 0;
  const checkout = useSubscriptionCheckout({
    subscription,
    order,
    customer,
    password: passwordValid ? password.password : null,
    needsPassword,
    coupons: couponCodes,
    renewal,
    captchaEnabled: definitions.captcha.enabled || organisation.captcha_enabled === true,
    ready: quantityReady && customer !== null && (!needsPassword || passwordValid),
    onNotReady: () => {
      setShowAllErrors(true);
      setPayAttempts((count) => count + 1);
    },
  });
  const { submission } = checkout;

  // Each step is a history entry (decision 0144); a step after quantity needs a quantity.
  const history = useStepHistory<Step>({
    step,
    steps,
    apply: setStep,
    allowed: (key) => key === steps[0] || quantityReady,
  });
  const index = steps.indexOf(step);
  const next = () => setStep(steps[index + 1] ?? step);
  // Back from the first step leaves the flow for home (spec §4).
  const back = () => (index === 0 ? void navigate('/') : history.back(steps[index - 1]!));

  return (
    <div className="kassa-page kassa-order">
      <title>{subscription.title}</title>
      <div className="kassa-order__main">
        <h1 className="kassa-order__title">{subscription.title}</h1>
        {renewal && <p className="kassa-order__notice">{t('subscription.renewal_notice')}</p>}
        <Steps
          steps={[...steps, 'checkout' as const].map((key) => ({
            key,
            label: t(`subscription.steps.${key}`),
          }))}
          current={submission.loading ? 'checkout' : step}
          label={t('product.steps.label')}
        />
        <section className="kassa-order__step" aria-labelledby="kassa-step-title">
          <StepHeading id="kassa-step-title" className="kassa-order__step-title" step={step}>
            {t(`subscription.steps.${step}`)}
          </StepHeading>
          {step === 'quantity' &&
            (renewal ? (
              <RenewalStep subscription={subscription} renewal={renewal} />
            ) : (
              <AudienceStep
                subscription={subscription}
                order={order}
                onChange={(audiences) => setOrder((current) => ({ ...current, audiences }))}
              />
            ))}
          {step === 'upsells' && <UpsellsStep upsells={upsells} order={order} onChange={setOrder} />}
          {step === 'customer' && (
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
                showAllErrors={showAllErrors}
                focusRequest={payAttempts}
              />
              {needsPassword && (
                <PasswordFields value={password} onChange={setPassword} showErrors={showAllErrors} />
              )}
            </>
          )}
          <div className="kassa-order__nav">
            <button type="button" className="kassa-button kassa-button--secondary" onClick={back}>
              {t('product.back')}
            </button>
            {step !== 'customer' && (
              <button
                type="button"
                className="kassa-button"
                disabled={step === 'quantity' && !quantityReady}
                onClick={next}
              >
                {t('product.continue')}
              </button>
            )}
          </div>
        </section>
      </div>
      <OrderSummary
        current={{
          title: subscription.title,
          when: null,
          lines: [...lines.bought, ...lines.extras],
          subtotalCents: totals.subtotalCents,
        }}
        totals={step === 'customer' ? totals : null}
        onInvoice={false}
        coupons={couponCodes}
        onRedeemCoupon={() => setCouponOpen(true)}
        onInfo={() => setInfoOpen(true)}
        pay={step === 'customer' ? checkout.pay : undefined}
      />
      <SubscriptionInfoModal subscription={subscription} open={infoOpen} onClose={() => setInfoOpen(false)} />
      <parts.CouponModal
        open={couponOpen}
        onClose={() => setCouponOpen(false)}
        redeem={(code, captcha) =>
          parts.redeemCoupon({
            type: 'SUBSCRIPTION',
            subscription: subscription.id,
            code,
            client_id: client?.id ?? null,
            coupons: couponCodes,
            captcha,
          })
        }
        onApplied={(result) =>
          setCoupons((current) => [
            ...current.filter((coupon) => coupon.data.code.toUpperCase() !== result.data.code.toUpperCase()),
            result,
          ])
        }
      />
      <OrderFailedModal
        code={submission.failure?.kind === 'failed' ? submission.failure.code : undefined}
        onClose={submission.dismiss}
      />
      <CaptchaModal
        open={submission.failure?.kind === 'captcha'}
        challengeUrl={definitions.captcha.challengeUrl}
        onClose={submission.dismiss}
        onVerified={(token) => {
          submission.dismiss();
          submission.retryWithCaptcha(token);
        }}
      />
    </div>
  );
}
