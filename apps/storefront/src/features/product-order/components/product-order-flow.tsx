import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { amountToCents } from '@kassa/domain/rules/money';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { CheckoutFrame } from '@/features/checkout/components/checkout-frame';
import { DoorPassNote } from '@/features/checkout/components/door-pass-note';
import { useAbandonedPayment } from '@/features/checkout/hooks/use-abandoned-payment';
import { useClient } from '@/lib/api/get-client';
import { useOrganisation } from '@/lib/api/get-organisation';
import { cartStore, removeCartOrder } from '@/lib/cart-store';
import type { StoredRebooking } from '@/lib/rebooking-store';
import { checkoutStore } from '../hooks/flow-store';
import { restoreSnapshot } from '../hooks/product-snapshot';
import { productIdsOf, useOrderCheckout } from '../hooks/use-order-checkout';
import { usePassedSteps } from '../hooks/use-passed-steps';
import { useProductEvents } from '../hooks/use-product-events';
import { useProductOrder } from '../hooks/use-product-order';
import type { FlowStep } from '../utils/flow-steps';
import { cartControls } from '../utils/cart-controls';
import { redeemedCents } from '../utils/order-totals';
import { useLaterStepsPreload } from './later-steps';
import type { OrderParts } from './order-parts';
import { ProductCustomerStep } from './product-customer-step';
import { ProductIntro } from './product-intro';
import { ProductStep } from './product-step';
import './product-order.css';

interface FlowProps {
  product: ProductDetail;
  parts: OrderParts;
  /** A rebooking in progress (decision 0040), or null for a normal order. */
  rebook: StoredRebooking | null;
}

/** The product order flow (docs/storefront.md §2.4, §4.2, §4.3): its steps in the checkout frame. */
export function ProductOrderFlow({ product, parts, rebook }: FlowProps) {
  const { t } = useTranslation();
  // First: Back from the payment page puts the order and the form back before the flow reads them.
  useAbandonedPayment(restoreSnapshot);
  const allowCart = useOrganisation().data?.allowShoppingCart === true;
  const client = useClient().data ?? null;
  const cart = cartStore.use();
  const checkoutState = checkoutStore.use();
  const [removing, setRemoving] = useState(false);
  const made = useProductOrder(product, rebook);
  const { flow, order, summary } = made;
  const { step } = flow;
  const rebookData = rebook?.data ?? null;
  const rebooking = rebookData !== null;

  useProductEvents(product, step, rebooking);
  useLaterStepsPreload();
  usePassedSteps({
    step,
    offered: made.plots.offered,
    bookedPlot: rebookData?.plot ?? null,
    rebookingReady: rebooking && made.own && made.quantityReady,
    update: flow.update,
    skip: flow.skip,
  });

  // A rebooking changes one order: the cart stays out of it.
  const items = rebooking ? [{ ...order, summary }] : [...cart, { ...order, summary }];
  const { checkout, coupons } = useOrderCheckout({
    items,
    checkout: checkoutState,
    step,
    rebook: rebookData ? { hash: rebookData.hash, secret: rebookData.secret } : null,
    orderReady: made.orderReady,
    orderPriced: !product.options.days || made.chosenPlot !== null,
  });
  // The booked plot is preselected (docs/storefront.md §4.2) but a rebooking must move somewhere else.
  const bookedPlotChosen = rebookData !== null && step === 'plot' && made.chosenPlot?.id === rebookData.plot;
  const continueDisabled =
    (step === 'quantity' && !made.quantityReady) ||
    (step === 'plot' && made.chosenPlot === null) ||
    bookedPlotChosen;
  // A reserved booking is moved as a reservation: its proceed button reserves (decision 0040).
  const reserved = rebookData?.status === 'RESERVED';

  return (
    <>
      <CheckoutFrame
        title={product.title}
        notice={rebooking ? t('product.rebook_notice') : null}
        intro={
          <>
            <ProductIntro product={product} />
            {client && step !== 'customer' && (
              <DoorPassNote subscriptions={client.subscriptions} productId={product.id} />
            )}
          </>
        }
        steps={flow.steps}
        step={step}
        label={(key) => t(`product.steps.${key as FlowStep}`)}
        onBack={flow.back}
        onContinue={flow.next}
        continueDisabled={continueDisabled}
        checkout={checkout}
        summary={{
          current: {
            title: product.title,
            when: summary.when,
            lines: summary.lines,
            subtotalCents: summary.subtotalCents,
          },
          cart: rebooking ? undefined : (
            <parts.CartItems cart={cart} onEdit={flow.editCartItem} onDelete={removeCartOrder} />
          ),
          redeemedCents: redeemedCents(items, checkout.totals),
          noWithdrawalRight: product.options.days,
          ...cartControls({
            allowCart,
            rebooking,
            step,
            cartSize: cart.length,
            editing: flow.editing,
            addMore: flow.addMore,
            cancel: flow.cancel,
            remove: () => setRemoving(true),
          }),
        }}
        info={product}
        payAction={reserved ? 'reserve' : 'pay'}
        reservable={product.allow_reservations && !rebooking}
        rebooking={rebookData ? { reserved, worthCents: amountToCents(rebookData.amount) } : undefined}
        coupons={coupons}
      >
        <ProductStep
          product={product}
          step={step}
          order={order}
          update={flow.update}
          plots={made.plots.shown}
          timeZone={made.timeZone}
          bookedPlotChosen={bookedPlotChosen}
          upsells={made.upsells}
          onCrossSell={flow.chooseCrossSell}
          customer={
            <ProductCustomerStep
              product={product}
              order={order}
              productIds={productIdsOf(items)}
              update={flow.update}
              rebook={rebook}
              attention={checkout.attention}
            />
          }
        />
      </CheckoutFrame>
      <parts.RemoveOrderDialog
        title={removing ? product.title : undefined}
        onConfirm={flow.removeEdited}
        onClose={() => setRemoving(false)}
      />
    </>
  );
}
