import type { ProductDetail, ProductSummary, Upsell } from '@kassa/domain/contract/catalog';
import type { Plot } from '@kassa/domain/contract/plots';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Loading } from '@/components/ui/loading';
import type { CartOrder } from '@/lib/cart-store';
import { currentOrderStore } from '../hooks/flow-store';
import type { FlowStep } from '../utils/flow-steps';
import { CrossSellsStep } from './cross-sells-step';
import { UpsellsStep } from './later-steps';
import { PlotStep } from './plot-step';
import { QuantityStep } from './quantity-step';

interface ProductStepProps {
  product: ProductDetail;
  step: FlowStep;
  order: CartOrder;
  update: (change: (order: CartOrder) => CartOrder) => void;
  /** The plot step's calendar: undefined while the plots load. */
  plots: { available: Plot[] | undefined; offered: Plot[] | undefined; closed?: Plot[] };
  timeZone: string;
  /** A rebooking's own plot is chosen: it must move somewhere else (decision 0040). */
  bookedPlotChosen: boolean;
  upsells: Upsell[];
  onCrossSell: (cross: ProductSummary) => void;
  /** The customer step (ProductCustomerStep). */
  customer: ReactNode;
}

function choosePlot(plot: Plot): void {
  currentOrderStore.set((state) =>
    state
      ? { ...state, order: { ...state.order, product: { ...state.order.product, plot: plot.id } } }
      : state,
  );
}

/** The product flow's current step (docs/storefront.md §2.5–§2.9). */
export function ProductStep(props: ProductStepProps) {
  const { t } = useTranslation();
  const { product, step, order, update } = props;
  switch (step) {
    case 'quantity':
      return <QuantityStep product={product} order={order} onChange={update} />;
    case 'plot':
      return (
        <>
          <PlotStep
            product={product}
            available={props.plots.available}
            offered={props.plots.offered}
            closed={props.plots.closed}
            chosen={order.product.plot}
            timeZone={props.timeZone}
            onChoose={choosePlot}
          />
          {props.bookedPlotChosen && (
            <p className="kassa-order__notice" role="status">
              {t('product.rebook_same_plot')}
            </p>
          )}
        </>
      );
    case 'upsells':
      return (
        <Suspense fallback={<Loading label={t('app.page_loading')} />}>
          <UpsellsStep upsells={props.upsells} order={order} onChange={update} />
        </Suspense>
      );
    case 'cross_sells':
      return <CrossSellsStep crossSells={product.cross_sells} onChoose={props.onCrossSell} />;
    case 'customer':
      return props.customer;
    case 'checkout':
      return null;
  }
}
