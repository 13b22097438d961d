import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { NoIndex } from '@/components/ui/no-index';
import { isDisplayable } from '@/lib/item-state';
import { useVoucher } from '../api/get-voucher';
import { VoucherOrderFlow } from './voucher-order-flow';

/**
 * /voucher/{id}/{slug} (spec §2, §4): a voucher that fails to load or whose
 * state is not displayable sends the visitor home; an invisible one gets
 * robots noindex.
 */
export function VoucherOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const voucher = useVoucher(valid ? id : 0);
  const leave = !valid || voucher.isError || (voucher.data !== undefined && !isDisplayable(voucher.data.state));
  useEffect(() => {
    if (leave) navigate('/', { replace: true });
  }, [leave, navigate]);
  if (!voucher.data || leave) return <Loading label={t('voucher.loading')} />;
  return (
    <>
      {!voucher.data.visible && <NoIndex />}
      <VoucherOrderFlow key={voucher.data.id} voucher={voucher.data} />
    </>
  );
}
