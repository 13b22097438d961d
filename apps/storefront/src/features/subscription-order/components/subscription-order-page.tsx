import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Navigate, useParams } from '@/lib/router/router';
import { Loading } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { useClient } from '@/lib/api/get-client';
import { useOrganisation } from '@/lib/api/get-organisation';
import { goneState, isGoneItem } from '@/lib/gone-item';
import { isDisplayable } from '@/lib/item-state';
import { useRenewal } from '@/lib/renewal-store';
import { raiseSelection } from '@/lib/storefront-events';
import { pageDefinitions } from '@/lib/page-definitions';
import { useSubscription, useSubscriptionUpsells } from '../api/get-subscription';
import { SubscriptionOrderFlow } from './subscription-order-flow';

/**
 * /subscription/{id}/{slug} (docs/storefront.md §2.11). A subscription that
 * fails to load or is not displayable sends the visitor home. In renewal mode
 * for this subscription, the quantity step renews the existing passes.
 */
export function SubscriptionOrderPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const subscription = useSubscription(valid ? id : 0);
  const upsells = useSubscriptionUpsells(valid ? id : 0);
  const organisation = useOrganisation();
  const client = useClient();
  const stored = useRenewal();
  const renewal = stored && stored.subscriptionId === id && client.data ? stored : null;
  const data = subscription.data;
  useEffect(() => {
    if (data)
      raiseSelection(
        'subscription',
        { id: data.id, title: data.title, price: data.price },
        pageDefinitions().currency,
      );
  }, [data]);

  if (!valid || subscription.isError || (data && !isDisplayable(data.state))) {
    // Home; a subscription that is gone says so there (decision 0197).
    const gone = isGoneItem(valid, subscription.error, data?.state);
    return <Navigate to="/" replace state={gone ? goneState('subscription') : undefined} />;
  }
  if (!data || upsells.isPending || !organisation.data || client.isPending)
    return <Loading label={t('app.loading')} />;
  return (
    <>
      {!data.visible && <NoIndex />}
      <SubscriptionOrderFlow
        // A renewal starting or ending starts the flow afresh.
        key={renewal?.hash ?? 'new'}
        subscription={data}
        upsells={upsells.data ?? []}
        organisation={organisation.data}
        client={client.data ?? null}
        renewal={renewal}
      />
    </>
  );
}
