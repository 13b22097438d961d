import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate, useParams, useSearchParams } from '@/lib/router/router';
import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { isApiError } from '@/lib/api-error';
import { NoIndex } from '@/components/ui/no-index';
import { goneState, isGoneItem } from '@/lib/gone-item';
import { isDisplayable } from '@/lib/item-state';
import { endRebooking, useRebooking } from '@/lib/rebooking-store';
import { passFor } from '@/lib/rush-store';
import { useProduct } from '../api/get-product';
import { getProductRush } from '../api/get-product-rush';
import type { OrderParts } from './order-parts';
import { ProductOrderFlow } from './product-order-flow';
import { currentOrderStore } from '../hooks/flow-store';
import { fetchOffer, waitlistClaimStore } from '../hooks/waitlist-claim';
import { newOrder } from '../utils/new-order';

/**
 * /product/{id}/{slug} and /product/{id}/rebook (docs/storefront.md §2.4). A
 * product that fails to load, or whose state is not displayable, sends the
 * visitor home (docs/storefront.md §4.1, §8.3). The rebook route needs the
 * rebooking data the rebook entry page stored (for this product); arriving
 * without it there is nothing to rebook and the visitor goes home. A normal
 * product flow ends any rebooking.
 */
export function ProductOrderPage({ parts, rebooking = false }: { parts: OrderParts; rebooking?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const stored = useRebooking();
  const live = rebooking && stored?.data.product === id ? stored : null;
  // Placing the rebooking order ends the rebooking while the page hands off
  // to the payment: keep the data this page started with, rather than leave.
  const [kept, setKept] = useState(live);
  if (live !== null && live !== kept) setKept(live);
  const rebook = live ?? (kept?.data.product === id ? kept : null);
  const product = useProduct(valid ? id : 0);
  const leave =
    !valid ||
    (rebooking && rebook === null) ||
    product.isError ||
    (product.data !== undefined && !isDisplayable(product.data.state));

  useEffect(() => {
    if (!rebooking) endRebooking();
  }, [rebooking]);
  // Home; a product that is gone says so there (decision 0197).
  const gone = !rebooking && isGoneItem(valid, product.error, product.data?.state);
  useEffect(() => {
    if (leave) navigate('/', { replace: true, state: gone ? goneState('product') : undefined });
  }, [leave, gone, navigate]);

  // Rush mode (decision 0265): without a valid pass the visitor queues first.
  const slug = product.data?.slug;
  // Only a product with a rush set asks whether to queue: the others hydrate without a request.
  const rush = product.data?.rush === true;
  useEffect(() => {
    if (!valid || rebooking || !rush || slug === undefined || passFor([id])) return;
    let current = true;
    getProductRush(id).then(
      (answer) => {
        if (current && answer.active) navigate(`/waiting-room/${id}/${slug}`);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [valid, rebooking, rush, slug, id, navigate]);

  const claim = useWaitlistClaim(rebooking ? undefined : product.data);
  if (!product.data || leave || claim.loading) return <Loading label={t('product.loading')} />;
  return (
    <>
      {(!product.data.visible || rebooking) && <NoIndex />}
      {claim.error && (
        <div className="kassa-page">
          <Alert tone="danger">{t(claimReasonKey(claim.error))}</Alert>
        </div>
      )}
      <ProductOrderFlow
        key={`${product.data.id}-${rebook?.data.hash ?? ''}`}
        product={product.data}
        parts={parts}
        rebook={rebook}
      />
    </>
  );
}

const CLAIM_REASONS = ['WAITLIST_OFFER_USED', 'WAITLIST_OFFER_LAPSED', 'WAITLIST_OFFER_NOT_FOUND'] as const;

function claimReasonKey(code: string) {
  return `waitlistClaim.${CLAIM_REASONS.find((known) => known === code) ?? 'OTHER'}` as const;
}

/** The order a waiting-list offer starts: its plot and places chosen, the first audience taking them. */
function offeredOrder(product: ProductDetail, plotId: number, quantity: number) {
  const order = newOrder(product, plotId);
  if (order.audiences.length === 0) return { ...order, product: { ...order.product, quantity } };
  const audiences = order.audiences.map((line, index) => ({ ...line, quantity: index === 0 ? quantity : 0 }));
  return { ...order, audiences };
}

/**
 * The offer of a waiting-list mail link (`?waitlist=`, decision 0261): the
 * product opens with the offered slot and places chosen, straight on the
 * customer step before payment; a used, lapsed or unknown offer says so.
 */
function useWaitlistClaim(product: ProductDetail | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('waitlist');
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({
    loading: token !== null,
    error: null,
  });
  useEffect(() => {
    if (!token || !product) return;
    let live = true;
    fetchOffer(token).then(
      (claim) => {
        if (!live) return;
        if (claim.productId === product.id) {
          waitlistClaimStore.set(claim);
          currentOrderStore.set({
            step: 'customer',
            order: offeredOrder(product, claim.plotId, claim.quantity),
          });
        }
        setState({ loading: false, error: null });
        setSearchParams(
          (params) => {
            params.delete('waitlist');
            return params;
          },
          { replace: true },
        );
      },
      (error: unknown) => {
        if (!live) return;
        setState({ loading: false, error: isApiError(error) ? error.code : 'OTHER' });
      },
    );
    return () => {
      live = false;
    };
  }, [token, product, setSearchParams]);
  return state;
}
