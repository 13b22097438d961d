import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { CreateVoucherOrderInput } from '@kassa/domain/contract/voucher-orders';
import { amountToCents } from '@kassa/domain/rules/money';
import { isVoucherQuantityReady } from '@kassa/domain/rules/quantity';
import { voucherOrderTotal } from '@kassa/domain/rules/totals';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endRebooking, type StoredRebooking } from '@/lib/rebooking-store';
import { Modal } from '@/components/ui/modal';
import { StepHeading } from '@/components/ui/step-heading';
import { Steps } from '@/components/ui/steps';
import { keepFlowState, useAbandonedPayment } from '@/features/checkout/hooks/use-abandoned-payment';
import { useStepHistory } from '@/features/checkout/hooks/use-step-history';
import { CustomerForm, type CustomerFormState } from '@/features/checkout/components/customer-form';
import { SubmissionModals } from '@/features/checkout/components/submission-modals';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import '@/features/checkout/components/order-layout.css';
import { useOrderSimulation } from '@/features/checkout/hooks/use-order-simulation';
import { useSubmitOrder } from '@/features/checkout/hooks/use-submit-order';
import { followOrder } from '@/features/checkout/utils/follow-order';
import { useClient } from '@/lib/api/get-client';
import { useOrganisation } from '@/lib/api/get-organisation';
import { activeLanguage } from '@/lib/language';
import { pageDefinitions } from '@/lib/page-definitions';
import { raiseSelection, useStepEvent } from '@/lib/storefront-events';
import { visitEnrichment } from '@/lib/visit-enrichment';
import { createVoucherOrder, simulateVoucherOrder } from '../api/create-voucher-order';
import { voucherLines, voucherSelection, type ValueQuantities } from '../utils/voucher-lines';
import { VoucherQuantityStep } from './voucher-quantity-step';

type Step = 'quantity' | 'customer' | 'checkout';
const STEPS: Step[] = ['quantity', 'customer', 'checkout'];

/** The voucher order flow (spec §2, §4 Voucher flow): quantity → customer → checkout beside the cart card. */
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
  const definitions = pageDefinitions();
  // When rebooking, the quantity step (one code) proceeds by itself (spec §4 Voucher flow).
  const [step, setStep] = useState<Step>(rebook && voucher.values.length > 0 ? 'customer' : 'quantity');
  // A booking turned into a voucher is one code of the first value, worth what was paid.
  const firstValue = voucher.values[0];
  const creditCents = rebook ? amountToCents(rebook.data.amount) : 0;
  const [quantities, setQuantities] = useState<ValueQuantities>(
    rebook && firstValue ? { [firstValue.id]: 1 } : {},
  );
  const [form, setForm] = useState<CustomerFormState | null>(null);
  const [customer, setCustomer] = useState<OrderCustomer | null>(null);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [payAttempts, setPayAttempts] = useState(0);
  const [infoOpen, setInfoOpen] = useState(false);

  useStepEvent('voucher', step, { id: voucher.id, title: voucher.title });
  useEffect(() => {
    raiseSelection(
      'voucher',
      { id: voucher.id, title: voucher.title, price: voucher.price },
      definitions.currency,
    );
  }, [voucher.id, voucher.title, voucher.price, definitions.currency]);

  const lines = rebook
    ? voucherLines(voucher, quantities).map((line) => ({
        ...line,
        label: t('voucher.booking_credit'),
        amountCents: creditCents,
      }))
    : voucherLines(voucher, quantities);
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const { values, total } = voucherSelection(quantities);
  const quantityReady = isVoucherQuantityReady(quantities, voucher.min_quantity);
  const requestFor = (simulate: boolean): CreateVoucherOrderInput | null =>
    customer && quantityReady
      ? {
          voucher: { id: voucher.id, quantity: total },
          values,
          customer,
          language: activeLanguage(),
          ...(rebook ? { rebook: rebook.data.hash, rebook_secret: rebook.data.secret } : {}),
          // The visit's enrichment goes with the real order only: a simulation stores nothing.
          ...(simulate ? { simulate: true } : { enrichment: visitEnrichment() }),
        }
      : null;
  const simulation = useOrderSimulation(
    'voucher',
    step === 'customer' ? requestFor(true) : null,
    simulateVoucherOrder,
  );
  const totals = voucherOrderTotal({
    subtotalCents,
    discountCents: 0,
    // A converted booking pays no fee: its worth is credited in full (decision 0112).
    additions: rebook
      ? []
      : (organisation?.additions ?? []).map((addition) => ({
          amountCents: amountToCents(addition.amount),
          type: addition.type,
        })),
    rebooking: rebook !== null,
    rebookCreditCents: creditCents,
    onInvoice: simulation.onInvoice,
  });
  const submission = useSubmitOrder({
    captchaEnabled: definitions.captcha.enabled || organisation?.captcha_enabled === true,
    send: createVoucherOrder,
    onSuccess(answer) {
      if (rebook) endRebooking();
      followOrder(
        { status: answer.order.status, hash: answer.order.hash, payment: answer.payment },
        { navigate: (path: string) => navigate(path), assign: (url: string) => window.location.assign(url) },
      );
    },
  });

  // Each step is a history entry (decision 0144); customer needs a quantity.
  const history = useStepHistory<Step>({
    step,
    steps: ['quantity', 'customer'],
    apply: setStep,
    // A rebooking's quantity proceeds by itself (spec §4): it has only the customer step.
    allowed: (key) => (rebook ? key === 'customer' : key === 'quantity' || quantityReady),
  });
  const back = () =>
    step === 'quantity' || rebook ? navigate(rebook?.entry ?? '/') : history.back('quantity');
  const ready = quantityReady && customer !== null;
  const pay = {
    onClick() {
      const body = requestFor(false);
      if (body) void submission.submit(body);
      else {
        setShowAllErrors(true);
        setPayAttempts((count) => count + 1);
      }
    },
    // Not while the invoice check runs for a ready order or an order is placed; an unready
    // form is no reason: Pay then says what is missing (decision 0148).
    disabled: (ready && !simulation.settled) || submission.loading !== false,
    loading: submission.loading !== false,
  };

  return (
    <div className="kassa-page kassa-order">
      <title>{voucher.title}</title>
      <div className="kassa-order__main">
        <h1 className="kassa-order__title">{voucher.title}</h1>
        {rebook && <p className="kassa-order__notice">{t('voucher.rebook_notice')}</p>}
        <Steps
          steps={STEPS.map((key) => ({ key, label: t(`voucher.steps.${key}`) }))}
          current={submission.loading ? 'checkout' : step}
          label={t('voucher.steps.label')}
        />
        <section className="kassa-order__step" aria-labelledby="kassa-step-title">
          <StepHeading id="kassa-step-title" className="kassa-order__step-title" step={step}>
            {t(`voucher.steps.${step}`)}
          </StepHeading>
          {step === 'quantity' && (
            <VoucherQuantityStep voucher={voucher} quantities={quantities} onChange={setQuantities} />
          )}
          {step === 'customer' && organisation && (
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
              showAllErrors={showAllErrors}
              focusRequest={payAttempts}
            />
          )}
          <div className="kassa-order__nav">
            <button type="button" className="kassa-button kassa-button--secondary" onClick={back}>
              {t('product.back')}
            </button>
            {step === 'quantity' && (
              <button
                type="button"
                className="kassa-button"
                disabled={!quantityReady}
                onClick={() => setStep('customer')}
              >
                {t('product.continue')}
              </button>
            )}
          </div>
        </section>
      </div>
      <OrderSummary
        current={{ title: voucher.title, when: null, lines, subtotalCents }}
        image={voucher.image}
        totals={step === 'customer' ? totals : null}
        onInvoice={simulation.onInvoice}
        coupons={[]}
        onInfo={() => setInfoOpen(true)}
        pay={step === 'customer' ? pay : undefined}
        rebooking={
          rebook ? { reserved: false, creditCents: totals.creditCents, unusedCreditCents: 0 } : undefined
        }
      />
      <Modal open={infoOpen} onClose={() => setInfoOpen(false)} title={voucher.title}>
        {voucher.image && (
          <img className="kassa-info__image" src={voucher.image} alt="" width={640} height={360} />
        )}
        <p className="kassa-info__text">{voucher.description}</p>
      </Modal>
      <SubmissionModals
        submission={submission}
        challengeUrl={definitions.captcha.challengeUrl}
        simulation={simulation.captcha}
      />
    </div>
  );
}
