import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

/** Route slot for /voucher-check (spec §2); the voucher-check issue replaces this placeholder. */
export function VoucherCheckPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.voucher_check')} />;
}
