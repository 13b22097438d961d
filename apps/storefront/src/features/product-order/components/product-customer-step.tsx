import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Loading } from '@/components/ui/loading';
import { DoorPassNote } from '@/features/checkout/components/door-pass-note';
import { SubscriptionChoice } from '@/features/checkout/components/subscription-choice';
import type { Checkout } from '@/features/checkout/hooks/use-checkout';
import { useClient } from '@/lib/api/get-client';
import { useOrganisation } from '@/lib/api/get-organisation';
import type { CartOrder } from '@/lib/cart-store';
import type { StoredRebooking } from '@/lib/rebooking-store';
import { checkoutStore } from '../hooks/flow-store';
import { ticketCount } from '../utils/new-order';
import { CustomerForm } from './later-steps';

interface ProductCustomerStepProps {
  product: ProductDetail;
  order: CartOrder;
  /** The products of the order and the cart: fields restricted to products (docs/storefront.md §5). */
  productIds: readonly number[];
  update: (change: (order: CartOrder) => CartOrder) => void;
  rebook: StoredRebooking | null;
  attention: Checkout['attention'];
}

/**
 * The product flow's customer step (docs/storefront.md §2.9): a client's
 * passes that may pay for the order, and the customer form, whose state
 * the session keeps with the order (decision 0024).
 */
export function ProductCustomerStep({
  product,
  order,
  productIds,
  update,
  rebook,
  attention,
}: ProductCustomerStepProps) {
  const { t } = useTranslation();
  const organisation = useOrganisation().data;
  const client = useClient().data ?? null;
  const checkout = checkoutStore.use();
  if (!organisation) return null;
  return (
    <>
      {client && <DoorPassNote subscriptions={client.subscriptions} productId={product.id} />}
      {client && (
        <SubscriptionChoice
          subscriptions={client.subscriptions}
          productId={product.id}
          quantity={ticketCount(order)}
          value={order.subscription}
          onChange={(token) => update((current) => ({ ...current, subscription: token }))}
        />
      )}
      <Suspense fallback={<Loading label={t('app.page_loading')} />}>
        <CustomerForm
          definitions={Object.values(organisation.fields)}
          productIds={productIds}
          allowBusiness={organisation.allow_business}
          client={client}
          rebooking={rebook !== null}
          prefill={rebook?.data.customer ?? null}
          initial={checkout.form}
          onChange={(form) => checkoutStore.set((current) => ({ ...current, form }))}
          onResult={(customer) => checkoutStore.set((current) => ({ ...current, customer }))}
          {...attention}
        />
      </Suspense>
    </>
  );
}
