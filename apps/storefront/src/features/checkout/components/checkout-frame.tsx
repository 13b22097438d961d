import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { StepHeading } from '@/components/ui/step-heading';
import { Steps } from '@/components/ui/steps';
import { useOrganisation } from '@/lib/api/get-organisation';
import { pageDefinitions } from '@/lib/page-definitions';
import type { Checkout } from '../hooks/use-checkout';
import { CheckoutCoupons, useCouponList, type FrameCoupons } from './checkout-coupons';
import { ItemInfoModal, type ItemInfo } from './item-info-modal';
import { OrderSummary, type OrderSummaryProps } from './order-summary';
import { SubmissionModals } from './submission-modals';
import './order-layout.css';

/** The flow's own part of the order summary; the frame adds totals, codes, Pay and Reserve. */
export type FrameSummary = Pick<
  OrderSummaryProps,
  | 'current'
  | 'image'
  | 'cart'
  | 'redeemedCents'
  | 'onAddMore'
  | 'onCancel'
  | 'editing'
  | 'onRemove'
  | 'noWithdrawalRight'
>;

export interface CheckoutFrameProps {
  /** The item's title: the page's title and heading. */
  title: string;
  /** Said under the heading (a rebooking, a renewal). */
  notice?: string | null;
  /** Shown above the steps on every step (the product's facts). */
  intro?: ReactNode;
  /** The flow's steps in order; the hand-off, `checkout`, is added as the last. */
  steps: readonly string[];
  step: string;
  /** Each step's name (the indicator and the step's heading). */
  label: (step: string) => string;
  onBack: () => void;
  /** Continue, on every step before the one where the order is paid. */
  onContinue: () => void;
  continueDisabled?: boolean;
  /** The step's content. */
  children: ReactNode;
  checkout: Checkout;
  summary: FrameSummary;
  info: ItemInfo;
  /** What Pay does: a reserved booking being moved reserves again (decision 0040). */
  payAction?: 'pay' | 'reserve';
  /** A Reserve button beside Pay (the product allows reservations). */
  reservable?: boolean;
  /** A rebooking: Pay is its proceed button and what the booking was worth comes off (decision 0040). */
  rebooking?: { reserved: boolean; worthCents: number };
  /** Codes may be redeemed; absent when the order takes none. */
  coupons?: FrameCoupons;
}

/**
 * The page of every order flow (decision 0220): the steps with their
 * indicator, heading, Back and Continue beside the order summary; on the
 * last step the server's totals, Pay and Reserve (useCheckout), the coupon
 * and information modals, and what a failed submission shows.
 */
export function CheckoutFrame(props: CheckoutFrameProps) {
  const { t } = useTranslation();
  const { checkout, coupons, rebooking } = props;
  const [infoOpen, setInfoOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const organisation = useOrganisation().data;
  const active = checkout.active;
  const totals = active ? checkout.totals : null;
  const couponList = useCouponList(coupons);
  return (
    <div className="kassa-page kassa-order">
      <title>{props.title}</title>
      <div className="kassa-order__main">
        <h1 className="kassa-order__title">{props.title}</h1>
        {props.notice && <p className="kassa-order__notice">{props.notice}</p>}
        {props.intro}
        {/* While the order is placed and handed to the payment, checkout is the step. */}
        <Steps
          steps={[...props.steps.filter((key) => key !== 'checkout'), 'checkout'].map((key) => ({
            key,
            label: props.label(key),
          }))}
          current={checkout.placing ? 'checkout' : props.step}
          label={t('product.steps.label')}
        />
        <section className="kassa-order__step" aria-labelledby="kassa-step-title">
          <StepHeading id="kassa-step-title" className="kassa-order__step-title" step={props.step}>
            {props.label(props.step)}
          </StepHeading>
          {props.children}
          <div className="kassa-order__nav">
            <button type="button" className="kassa-button kassa-button--secondary" onClick={props.onBack}>
              {t('product.back')}
            </button>
            {!active && (
              <button
                type="button"
                className="kassa-button"
                disabled={props.continueDisabled}
                onClick={props.onContinue}
              >
                {t('product.continue')}
              </button>
            )}
          </div>
        </section>
      </div>
      <OrderSummary
        {...props.summary}
        totals={totals}
        pricing={active ? checkout.pricing : undefined}
        onInvoice={checkout.onInvoice}
        coupons={couponList.codes}
        couponScopes={couponList.scopes}
        onRedeemCoupon={coupons ? () => setCouponOpen(true) : undefined}
        onInfo={() => setInfoOpen(true)}
        pay={active ? checkout.action(props.payAction ?? 'pay') : undefined}
        reserve={active && props.reservable ? checkout.action('reserve') : undefined}
        reserveHoldDays={organisation?.reservation_days}
        rebooking={
          rebooking && {
            reserved: rebooking.reserved,
            creditCents: totals?.creditCents ?? 0,
            // A cheaper booking leaves credit over, which is not paid out.
            unusedCreditCents: totals ? rebooking.worthCents - totals.creditCents : 0,
          }
        }
      />
      <ItemInfoModal item={props.info} open={infoOpen} onClose={() => setInfoOpen(false)} />
      {coupons && (
        <CheckoutCoupons coupons={coupons} open={couponOpen} onClose={() => setCouponOpen(false)} />
      )}
      <SubmissionModals
        submission={checkout.submission}
        challengeUrl={pageDefinitions().captcha.challengeUrl}
        simulation={checkout.simulationCaptcha}
      />
    </div>
  );
}
