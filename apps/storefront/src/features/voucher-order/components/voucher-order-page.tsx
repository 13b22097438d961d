import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate, useParams, useSearchParams } from '@/lib/router/router';
import { Loading } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { goneState, isGoneItem } from '@/lib/gone-item';
import { isDisplayable } from '@/lib/item-state';
import { useRebooking } from '@/lib/rebooking-store';
import { useVoucher } from '../api/get-voucher';
import { VoucherOrderFlow } from './voucher-order-flow';

/**
 * /voucher/{id}/{slug} (docs/storefront.md §2.12, §4.1): a voucher that fails
 * to load or whose state is not displayable sends the visitor home; an
 * invisible one gets robots noindex. With ?rebook it turns the booking the
 * rebook page stored into this voucher.
 */
export function VoucherOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const voucher = useVoucher(valid ? id : 0);
  // ?rebook: a paid booking the rebook page turned into a voucher (decision 0112); kept while the page hands off.
  const [query] = useSearchParams();
  const stored = useRebooking();
  const [rebook] = useState(query.has('rebook') ? stored : null);
  const leave =
    !valid || voucher.isError || (voucher.data !== undefined && !isDisplayable(voucher.data.state));
  // Home; a voucher that is gone says so there (decision 0197).
  const gone = isGoneItem(valid, voucher.error, voucher.data?.state);
  useEffect(() => {
    if (leave) navigate('/', { replace: true, state: gone ? goneState('voucher') : undefined });
  }, [leave, gone, navigate]);
  if (!voucher.data || leave) return <Loading label={t('voucher.loading')} />;
  return (
    <>
      {(!voucher.data.visible || rebook) && <NoIndex />}
      <VoucherOrderFlow key={voucher.data.id} voucher={voucher.data} rebook={rebook} />
    </>
  );
}
