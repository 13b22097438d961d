import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { goneState, isGoneItem } from '@/lib/gone-item';
import { isDisplayable } from '@/lib/item-state';
import { endRebooking, useRebooking } from '@/lib/rebooking-store';
import { passFor } from '@/lib/rush-store';
import { useProduct } from '../api/get-product';
import { getProductRush } from '../api/get-product-rush';
import type { OrderParts } from './order-parts';
import { ProductOrderFlow } from './product-order-flow';

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
  useEffect(() => {
    if (!valid || rebooking || slug === undefined || passFor([id])) return;
    let current = true;
    getProductRush(id).then(
      (rush) => {
        if (current && rush.active) navigate(`/waiting-room/${id}/${slug}`);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [valid, rebooking, slug, id, navigate]);

  if (!product.data || leave) return <Loading label={t('product.loading')} />;
  return (
    <>
      {(!product.data.visible || rebooking) && <NoIndex />}
      <ProductOrderFlow
        key={`${product.data.id}-${rebook?.data.hash ?? ''}`}
        product={product.data}
        parts={parts}
        rebook={rebook}
      />
    </>
  );
}
