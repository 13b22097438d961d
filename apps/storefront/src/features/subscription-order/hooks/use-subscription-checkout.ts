import type { SubscriptionDetail } from '@kassa/domain/contract/catalog';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { SubscriptionOrderAnswer } from '@kassa/domain/contract/subscription-order';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSubmitOrder } from '@/features/checkout/hooks/use-submit-order';
import { followOrder } from '@/features/checkout/utils/follow-order';
import { clientQueryOptions } from '@/lib/api/get-client';
import { storeClientToken } from '@/lib/client-token';
import { activeLanguage } from '@/lib/language';
import { endRenewal, type Renewal } from '@/lib/renewal-store';
import { visitEnrichment } from '@/lib/visit-enrichment';
import { createSubscriptionOrder } from '../api/create-subscription-order';
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
  captchaEnabled: boolean;
  ready: boolean;
  onNotReady: () => void;
}

/**
 * Pay for a subscription order (spec §4 Order submission) with the shared
 * submit hook: a new visitor's session (the answer's client token) is kept,
 * so they come back from the payment logged in; a renewal ends with it.
 */
export function useSubscriptionCheckout(input: CheckoutInput) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submission = useSubmitOrder({
    captchaEnabled: input.captchaEnabled,
    send: createSubscriptionOrder,
    onSuccess(answer: SubscriptionOrderAnswer) {
      if (answer.client) {
        storeClientToken(answer.client.token);
        void queryClient.invalidateQueries({ queryKey: clientQueryOptions().queryKey });
      }
      if (input.renewal) endRenewal();
      followOrder(
        { status: answer.order.status, hash: answer.order.hash, payment: answer.payment },
        { navigate: (path: string) => navigate(path), assign: (url: string) => window.location.assign(url) },
      );
    },
  });
  const body =
    input.customer && (!input.needsPassword || input.password)
      ? subscriptionRequest({
          subscription: input.subscription,
          order: input.order,
          customer: input.customer,
          password: input.needsPassword ? input.password : null,
          coupons: input.coupons,
          renewal: input.renewal,
          language: activeLanguage(),
          simulate: false,
          enrichment: visitEnrichment(),
        })
      : null;
  return {
    submission,
    pay: {
      onClick() {
        if (body && input.ready) void submission.submit(body);
        else input.onNotReady();
      },
      // An unready form is no reason to disable: Pay then says what is missing (decision 0148).
      disabled: submission.loading !== false,
      loading: submission.loading === 'pay',
    },
  };
}
