import type { ProductDetail } from '@kassa/domain/contract/catalog';
import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { Plot } from '@kassa/domain/contract/plots';
import { dedupeCouponCodes } from '@kassa/domain/rules/coupons';
import { amountToCents } from '@kassa/domain/rules/money';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { StepHeading } from '@/components/ui/step-heading';
import { Steps } from '@/components/ui/steps';
import '@/features/checkout/components/order-layout.css';
import { DoorPassNote } from '@/features/checkout/components/door-pass-note';
import { SubmissionModals } from '@/features/checkout/components/submission-modals';
import { OrderSummary } from '@/features/checkout/components/order-summary';
import { SubscriptionChoice } from '@/features/checkout/components/subscription-choice';
import { couponScope } from '@/features/checkout/utils/coupon-scope';
import { useClient } from '@/lib/api/get-client';
import { useOrganisation } from '@/lib/api/get-organisation';
import { cartStore, removeCartOrder, type CartOrder, type CartOrderSummary } from '@/lib/cart-store';
import { formatLongDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import type { StoredRebooking } from '@/lib/rebooking-store';
import { raiseSelection, useStepEvent } from '@/lib/storefront-events';
import { usePlots } from '../api/get-plots';
import { useUpsells } from '../api/get-upsells';
import { checkoutStore, currentOrderStore } from '../hooks/flow-store';
import { useAbandonedPayment } from '@/features/checkout/hooks/use-abandoned-payment';
import { restoreSnapshot } from '../hooks/product-snapshot';
import { useOrderCheckout } from '../hooks/use-order-checkout';
import { isOwnOrder, useProductFlow } from '../hooks/use-product-flow';
import type { FlowShape, FlowStep } from '../utils/flow-steps';
import { newOrder, ticketCount } from '../utils/new-order';
import { rebookingOrder } from '../utils/rebooking-order';
import { priceOrder } from '../utils/order-prices';
import { redeemedCents } from '../utils/order-totals';
import { availablePlots, offeredPlots, withBookedPlot } from '../utils/plot-days';
import { CrossSellsStep } from './cross-sells-step';
import type { OrderParts } from './order-parts';
import { PlotStep } from './plot-step';
import { ProductInfoModal } from './product-info-modal';
import { ProductIntro } from './product-intro';
import { isQuantityReady, QuantityStep } from './quantity-step';
import './product-order.css';
import { formatTimeRange } from '@kassa/domain/rules/time-range';

// The customer form (with the phone-number rules) is the largest part of the flow and is
// only needed at the customer step: it is loaded after the first paint, not before it
// (issue #15: product page LCP and TBT on a phone). The flow asks for it once it is idle.
const loadCustomerForm = () => import('@/features/checkout/components/customer-form');
const CustomerForm = lazy(async () => ({ default: (await loadCustomerForm()).CustomerForm }));
// The extras step sanitises the upsells' HTML descriptions (DOMPurify): not needed on the first step.
const loadUpsellsStep = () => import('@/features/checkout/components/upsells-step');
const UpsellsStep = lazy(async () => ({ default: (await loadUpsellsStep()).UpsellsStep<CartOrder> }));
/** What makes the flow's later steps' code load: the visitor starting to use the page. */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'] as const;

interface FlowProps {
  product: ProductDetail;
  parts: OrderParts;
  /** A rebooking in progress (spec §3), or null for a normal order. */
  rebook: StoredRebooking | null;
}

function when(plot: Plot | null, timeZone: string, language: string): string | null {
  if (!plot?.date) return null;
  const day = formatLongDate(plot.date, timeZone, language);
  const time = formatTimeRange(plot.time.start, plot.time.end);
  return time ? `${day}, ${time}` : day;
}

/** The product order flow (spec §2, §4): steps beside the order summary. */
export function ProductOrderFlow({ product, parts, rebook }: FlowProps) {
  const { t, i18n } = useTranslation();
  // First: Back from the payment page puts the order and the form back before the flow reads them.
  useAbandonedPayment(restoreSnapshot);
  const organisation = useOrganisation().data;
  const client = useClient().data ?? null;
  const definitions = pageDefinitions();
  const timeZone = organisation?.time_zone ?? definitions.timeZone;
  const language = i18n.language;
  const cart = cartStore.use();
  const checkout = checkoutStore.use();
  const [searchParams] = useSearchParams();
  const [infoOpen, setInfoOpen] = useState(false);
  const [couponOpen, setCouponOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [payAttempts, setPayAttempts] = useState(0);

  const rebooking = rebook !== null;
  const rebookData = rebook?.data ?? null;
  // What the booked order is worth, credited against the new one (decision 0040).
  const rebookCreditCents = rebookData ? amountToCents(rebookData.amount) : 0;
  const stored = currentOrderStore.use();
  const own = isOwnOrder(stored, product.id, rebookData?.hash ?? null);
  const storedOrder = own && stored ? stored.order : null;
  const storedStep: FlowStep = own && stored ? stored.step : 'quantity';
  const quantity = storedOrder ? ticketCount(storedOrder) : 0;

  const upsellsQuery = useUpsells(product.id, product.upsell_count > 0);
  const upsells = upsellsQuery.data ?? [];
  const plotsQuery = usePlots(
    product.id,
    // A rebooking's own plot is served even outside the window (spec §7 rebookPlot); its seats still count as taken.
    { quantity, audiences: storedOrder?.audiences ?? [], rebookPlot: rebookData?.plot ?? null },
    product.options.days && storedStep !== 'quantity' && quantity > 0,
  );
  // Plots of an earlier quantity (kept as placeholder) do not answer for this one.
  const loadingPlots = plotsQuery.isPending || (plotsQuery.isPlaceholderData && plotsQuery.isFetching);
  const available = plotsQuery.data ? availablePlots(plotsQuery.data) : undefined;
  const offered = plotsQuery.data
    ? withBookedPlot(
        offeredPlots(plotsQuery.data, quantity, product.types.capacity),
        plotsQuery.data,
        rebookData?.plot ?? null,
      )
    : undefined;

  const shape: FlowShape = {
    days: product.options.days,
    upsellCount: upsellsQuery.isSuccess ? upsells.length : product.upsell_count,
    crossSellCount: product.cross_sells.length,
    rebooking,
    plotCount: offered?.length ?? 0,
  };
  const chosenPlot = offered?.find((plot) => plot.id === storedOrder?.product.plot) ?? null;
  // The calendar's Checkout link names the event's plot: a new order starts with it chosen.
  const plotHint = Number(searchParams.get('plot')) || null;
  const startOrder = rebookData ? rebookingOrder(product, rebookData) : newOrder(product, plotHint);
  const order = storedOrder ?? startOrder;
  const priced = priceOrder(product, chosenPlot, order, upsells);
  const summary: CartOrderSummary = {
    title: product.title,
    slug: product.slug,
    when: when(chosenPlot, timeZone, language),
    lines: priced.lines,
    subtotalCents: priced.subtotalCents,
    tickets: priced.tickets,
  };
  const quantityReady = isQuantityReady(product, order);
  const flow = useProductFlow(
    product,
    shape,
    summary,
    startOrder,
    rebook ? { hash: rebook.data.hash, leaveTo: rebook.entry } : null,
    // A rebooking's quantity moves on by itself: its history has no quantity step to go back to.
    (key) =>
      key === 'quantity'
        ? !rebooking
        : quantityReady && (key === 'plot' || !product.options.days || order.product.plot !== null),
  );
  const { step } = flow;

  useStepEvent('product', step);
  // Fetch the later steps' code once the visitor starts picking a day or tickets, so those steps
  // never wait; not while the page loads, where evaluating the phone-number rules and the HTML
  // sanitiser held up a slow phone's main thread (decision 0169).
  useEffect(() => {
    const load = () => {
      stop();
      void loadCustomerForm();
      void loadUpsellsStep();
    };
    const stop = () => {
      for (const name of FIRST_INTERACTION) document.removeEventListener(name, load, true);
    };
    for (const name of FIRST_INTERACTION)
      document.addEventListener(name, load, { capture: true, passive: true });
    return stop;
  }, []);
  useEffect(() => {
    raiseSelection(
      rebooking ? 'rebooking' : 'product',
      { id: product.id, title: product.title, price: product.price },
      definitions.currency,
    );
  }, [rebooking, product.id, product.title, product.price, definitions.currency]);

  // With only one plot it is chosen and the flow moves on (spec §4) — unless it is the
  // booking being changed: moving a booking onto itself changes nothing (decision 0040).
  const onlyPlot =
    step === 'plot' && offered?.length === 1 && offered[0]?.id !== rebookData?.plot ? offered[0] : undefined;
  useEffect(() => {
    if (!onlyPlot) return;
    flow.update((current) => ({ ...current, product: { ...current.product, plot: onlyPlot.id } }));
    flow.skip();
    // flow's functions are fresh each render; the plot is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyPlot?.id]);

  const choosePlot = useCallback(
    (plot: Plot) =>
      currentOrderStore.set((state) =>
        state
          ? { ...state, order: { ...state.order, product: { ...state.order.product, plot: plot.id } } }
          : state,
      ),
    [],
  );

  // A rebooking's quantities are the booked order's: its quantity step moves on by itself (spec §4).
  const autoQuantity = rebooking && step === 'quantity' && own && quantityReady;
  useEffect(() => {
    if (autoQuantity) flow.skip();
    // flow's functions are fresh each render; arriving at the step is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoQuantity]);

  // A rebooking changes one order: the cart stays out of it.
  const orderItems = rebooking ? [{ ...order, summary }] : [...cart, { ...order, summary }];
  const checkoutState = useOrderCheckout({
    items: orderItems,
    checkout,
    organisation,
    step,
    rebook: rebookData
      ? { hash: rebookData.hash, secret: rebookData.secret, creditCents: rebookCreditCents }
      : null,
    orderReady: quantityReady && (!product.options.days || order.product.plot !== null),
    orderPriced: !product.options.days || chosenPlot !== null,
    onNotReady: () => {
      setShowAllErrors(true);
      setPayAttempts((count) => count + 1);
    },
    clientToken: client?.token ?? null,
  });
  const { productIds, couponCodes, totals, pricing, onInvoice, submission, simulationCaptcha } =
    checkoutState;

  const describeCoupon = (result: CouponResult) => couponScope(result, t, language, definitions.currency);
  const couponScopes = Object.fromEntries(
    (rebooking ? [] : checkout.coupons).flatMap((coupon) => {
      const scope = describeCoupon(coupon);
      const [code] = dedupeCouponCodes([coupon.data.code]);
      return scope && code ? [[code, scope]] : [];
    }),
  );
  const stepLabels = flow.steps.map((key) => ({ key, label: t(`product.steps.${key}`) }));
  // The booked plot is preselected (spec §4) but a rebooking must move somewhere else.
  const bookedPlotChosen = rebookData !== null && step === 'plot' && chosenPlot?.id === rebookData.plot;
  const continueDisabled =
    (step === 'quantity' && !quantityReady) || (step === 'plot' && chosenPlot === null) || bookedPlotChosen;
  const allowCart = organisation?.allowShoppingCart === true;
  // A reserved booking is moved as a reservation: its proceed button reserves (decision 0040).
  const reserved = rebookData?.status === 'RESERVED';

  return (
    <div className="kassa-page kassa-order">
      <title>{product.title}</title>
      <div className="kassa-order__main">
        <h1 className="kassa-order__title">{product.title}</h1>
        {rebooking && <p className="kassa-order__notice">{t('product.rebook_notice')}</p>}
        <ProductIntro product={product} />
        {client && step !== 'customer' && (
          <DoorPassNote subscriptions={client.subscriptions} productId={product.id} />
        )}
        {/* While the order is placed and handed to the payment, checkout is the step. */}
        <Steps
          steps={stepLabels}
          current={submission.loading ? 'checkout' : step}
          label={t('product.steps.label')}
        />
        <section className="kassa-order__step" aria-labelledby="kassa-step-title">
          <StepHeading id="kassa-step-title" className="kassa-order__step-title" step={step}>
            {t(`product.steps.${step}`)}
          </StepHeading>
          {step === 'quantity' && <QuantityStep product={product} order={order} onChange={flow.update} />}
          {step === 'plot' && (
            <PlotStep
              product={product}
              available={loadingPlots ? undefined : available}
              offered={loadingPlots ? undefined : offered}
              chosen={order.product.plot}
              timeZone={timeZone}
              onChoose={choosePlot}
            />
          )}
          {bookedPlotChosen && (
            <p className="kassa-order__notice" role="status">
              {t('product.rebook_same_plot')}
            </p>
          )}
          {step === 'upsells' && (
            <Suspense fallback={<Loading label={t('app.page_loading')} />}>
              <UpsellsStep upsells={upsells} order={order} onChange={flow.update} />
            </Suspense>
          )}
          {step === 'cross_sells' && (
            <CrossSellsStep
              crossSells={product.cross_sells}
              onChoose={(cross) => flow.chooseCrossSell(cross)}
            />
          )}
          {step === 'customer' && organisation && (
            <>
              {client && <DoorPassNote subscriptions={client.subscriptions} productId={product.id} />}
              {client && (
                <SubscriptionChoice
                  subscriptions={client.subscriptions}
                  productId={product.id}
                  quantity={quantity}
                  value={order.subscription}
                  onChange={(token) => flow.update((current) => ({ ...current, subscription: token }))}
                />
              )}
              <Suspense fallback={<Loading label={t('app.page_loading')} />}>
                <CustomerForm
                  definitions={Object.values(organisation.fields)}
                  productIds={productIds}
                  allowBusiness={organisation.allow_business}
                  client={client}
                  rebooking={rebooking}
                  prefill={rebookData?.customer ?? null}
                  initial={checkout.form}
                  onChange={(form) => checkoutStore.set((current) => ({ ...current, form }))}
                  onResult={(customer) => checkoutStore.set((current) => ({ ...current, customer }))}
                  showAllErrors={showAllErrors}
                  focusRequest={payAttempts}
                />
              </Suspense>
            </>
          )}
          <div className="kassa-order__nav">
            <button type="button" className="kassa-button kassa-button--secondary" onClick={flow.back}>
              {t('product.back')}
            </button>
            {step !== 'customer' && (
              <button type="button" className="kassa-button" disabled={continueDisabled} onClick={flow.next}>
                {t('product.continue')}
              </button>
            )}
          </div>
        </section>
      </div>
      <OrderSummary
        current={{
          title: product.title,
          when: summary.when,
          lines: summary.lines,
          subtotalCents: summary.subtotalCents,
        }}
        cart={
          rebooking ? undefined : (
            <parts.CartItems
              cart={cart}
              onEdit={(index) => flow.editCartItem(index)}
              onDelete={(index) => removeCartOrder(index)}
            />
          )
        }
        totals={step === 'customer' ? totals : null}
        pricing={step === 'customer' ? pricing : undefined}
        onInvoice={onInvoice}
        coupons={couponCodes}
        couponScopes={couponScopes}
        redeemedCents={redeemedCents(orderItems, totals)}
        onRedeemCoupon={rebooking ? undefined : () => setCouponOpen(true)}
        onInfo={() => setInfoOpen(true)}
        pay={step === 'customer' ? checkoutState.action(reserved ? 'reserve' : 'pay') : undefined}
        reserve={
          step === 'customer' && product.allow_reservations && !rebooking
            ? checkoutState.action('reserve')
            : undefined
        }
        reserveHoldDays={organisation?.reservation_days}
        onAddMore={allowCart && step === 'customer' && !rebooking ? flow.addMore : undefined}
        onCancel={
          allowCart && step !== 'customer' && (cart.length > 0 || flow.editing) && !rebooking
            ? flow.cancel
            : undefined
        }
        editing={flow.editing}
        onRemove={allowCart && step !== 'customer' && flow.editing ? () => setRemoving(true) : undefined}
        rebooking={
          rebookData
            ? {
                reserved,
                creditCents: totals?.creditCents ?? 0,
                unusedCreditCents: totals ? rebookCreditCents - totals.creditCents : 0,
              }
            : undefined
        }
      />
      <parts.RemoveOrderDialog
        title={removing ? product.title : undefined}
        onConfirm={flow.removeEdited}
        onClose={() => setRemoving(false)}
      />
      <ProductInfoModal product={product} open={infoOpen} onClose={() => setInfoOpen(false)} />
      <parts.CouponModal
        open={couponOpen}
        onClose={() => setCouponOpen(false)}
        describe={describeCoupon}
        redeem={(code, captcha) =>
          parts.redeemCoupon({
            type: 'PRODUCT',
            product: productIds,
            code,
            client_id: client?.id ?? null,
            coupons: couponCodes,
            captcha,
          })
        }
        onApplied={(result: CouponResult) =>
          checkoutStore.set((current) => ({
            ...current,
            coupons: [
              ...current.coupons.filter(
                (coupon) => coupon.data.code.toUpperCase() !== result.data.code.toUpperCase(),
              ),
              result,
            ],
          }))
        }
      />
      <SubmissionModals
        submission={submission}
        challengeUrl={definitions.captcha.challengeUrl}
        simulation={simulationCaptcha}
      />
    </div>
  );
}
