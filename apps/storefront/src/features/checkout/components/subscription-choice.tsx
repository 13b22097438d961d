import type { Client } from '@kassa/domain/contract/client';
import { SUBSCRIPTION_PRESELECT_DELAY_MS } from '@kassa/domain/rules/constants';
import { isSubscriptionEligible } from '@kassa/domain/rules/eligibility';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation';
import './customer-form.css';

interface SubscriptionChoiceProps {
  subscriptions: Client['subscriptions'];
  productId: number;
  quantity: number;
  /** The chosen subscription token; null is "no subscription"; undefined is not chosen yet. */
  value: string | null | undefined;
  onChange: (token: string | null) => void;
}

/**
 * The client's subscriptions that may pay for this order (docs/storefront.md
 * §5.8) as a radio list with a no-subscription choice. The first
 * eligible one is preselected after SUBSCRIPTION_PRESELECT_DELAY_MS (§4).
 */
export function SubscriptionChoice({
  subscriptions,
  productId,
  quantity,
  value,
  onChange,
}: SubscriptionChoiceProps) {
  const { t } = useTranslation();
  const eligible = subscriptions.filter((subscription) =>
    isSubscriptionEligible(subscription, productId, quantity),
  );
  const first = eligible[0]?.token;
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });

  useEffect(() => {
    if (value !== undefined || first === undefined) return undefined;
    const timer = setTimeout(() => change.current(first), SUBSCRIPTION_PRESELECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, first]);

  if (eligible.length === 0) return null;
  return (
    <fieldset className="kassa-subscriptions">
      <legend>{t('customer.subscription.legend')}</legend>
      {eligible.map((subscription) => (
        <label key={subscription.token} className="kassa-subscriptions__option">
          <input
            type="radio"
            name="kassa-subscription"
            checked={value === subscription.token}
            onChange={() => onChange(subscription.token)}
          />
          <span>
            {subscription.subscription.title}{' '}
            <span className="kassa-subscriptions__left">
              {subscription.available_redemptions === -1
                ? t('customer.subscription.unlimited')
                : t('customer.subscription.left', { count: subscription.available_redemptions })}
            </span>
          </span>
        </label>
      ))}
      <label className="kassa-subscriptions__option">
        <input
          type="radio"
          name="kassa-subscription"
          checked={value === null}
          onChange={() => onChange(null)}
        />
        <span>{t('customer.subscription.none')}</span>
      </label>
    </fieldset>
  );
}
