import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { isDisplayable } from '@/lib/item-state';
import { useProduct } from '../api/get-product';
import type { OrderParts } from './order-parts';
import { ProductOrderFlow } from './product-order-flow';

/**
 * /product/{id}/{slug} and /product/{id}/rebook (spec §2). A product that
 * fails to load, or whose state is not displayable, sends the visitor home
 * (spec §4, §7).
 */
export function ProductOrderPage<S>({
  parts,
  rebooking = false,
}: {
  parts: OrderParts<S>;
  rebooking?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const product = useProduct(valid ? id : 0);
  const leave =
    !valid || product.isError || (product.data !== undefined && !isDisplayable(product.data.state));

  useEffect(() => {
    if (leave) navigate('/', { replace: true });
  }, [leave, navigate]);

  if (!product.data || leave) return <Loading label={t('product.loading')} />;
  return (
    <>
      {!product.data.visible && <NoIndex />}
      <ProductOrderFlow key={product.data.id} product={product.data} parts={parts} rebooking={rebooking} />
    </>
  );
}
