import type { SubscriptionDetail } from '@kassa/domain/contract/catalog';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type {
  CreateSubscriptionOrderInput,
  SubscriptionOrderAnswer,
} from '@kassa/domain/contract/subscription-order';
import { useQueryClient } from '@tanstack/react-query';
import { useCheckout, type OrderKind } from '@/features/checkout/hooks/use-checkout';
import { clientQueryOptions } from '@/lib/api/get-client';
import { storeClientToken } from '@/lib/client-token';
import { activeLanguage } from '@/lib/language';
import { endRenewal, type Renewal } from '@/lib/renewal-store';
import { visitEnrichment } from '@/lib/visit-enrichment';
import { createSubscriptionOrder, subscriptionPrice } from '../api/create-subscription-order';
import { subscriptionRequest, type SubscriptionOrderState } from '../utils/subscription-order';

interface CheckoutInput {
  subscription: SubscriptionDetail;
  order: SubscriptionOrderState;
  customer: OrderCustomer | null;
  /** A visitor's new password when valid; null for a client (or while it is not valid). */
  password: string | null;
  needsPassword: boolean;
  coupons: readonly string[];
  renewal: Renewal | null;
  /** The passes are chosen (docs/storefront.md §4.4: the total is above 0). */
  quantityReady: boolean;
  atCustomerStep: boolean;
}

/**
 * A subscription order (POST /api/subscriptions) in the shared checkout: a
 * new visitor's session (the answer's client token) is kept, so they come
 * back from the payment logged in; a renewal ends with it.
 */
export function useSubscriptionCheckout(input: CheckoutInput) {
  const queryClient = useQueryClient();
  const kind: OrderKind<CreateSubscriptionOrderInput, SubscriptionOrderAnswer> = {
    name: 'subscription',
    request: (_action, customer, simulate) =>
      subscriptionRequest({
        subscription: input.subscription,
        order: input.order,
        customer,
        // A simulation makes no account: it needs no password.
        password: input.needsPassword && !simulate ? input.password : null,
        coupons: input.coupons,
        renewal: input.renewal,
        language: activeLanguage(),
        simulate,
        enrichment: visitEnrichment(),
      }),
    send: createSubscriptionOrder,
    price: subscriptionPrice,
    placed(answer) {
      if (answer.client) {
        storeClientToken(answer.client.token);
        void queryClient.invalidateQueries({ queryKey: clientQueryOptions().queryKey });
      }
      if (input.renewal) endRenewal();
      return { order: { status: answer.order.status, hash: answer.order.hash, payment: answer.payment } };
    },
  };
  return useCheckout({
    kind,
    active: input.atCustomerStep,
    customer: input.customer,
    ready: input.quantityReady && (!input.needsPassword || input.password !== null),
  });
}
