import type { VoucherCheck } from '@kassa/domain/contract/voucher-check';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Price } from '@/components/ui/price';
import { formatDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';

/** The result modal's content (docs/storefront.md §2.16): code, credit, expiration or "does not expire". */
export function VoucherResult({ code, result }: { code: string; result: VoucherCheck }) {
  const { t } = useTranslation();
  const { timeZone, dateFormat } = pageDefinitions();
  const expiration = result.expiration ? formatDate(result.expiration, timeZone, dateFormat) : null;

  return (
    <>
      {result.expired && expiration && (
        <Alert tone="warning">{t('voucher_check.expired', { date: expiration })}</Alert>
      )}
      <dl className="kassa-voucher-result">
        <div>
          <dt>{t('voucher_check.code')}</dt>
          <dd className="kassa-voucher-result__code">{code}</dd>
        </div>
        <div>
          <dt>{t('voucher_check.credit')}</dt>
          <dd className="kassa-voucher-result__credit">
            <Price amount={result.credit} />
          </dd>
        </div>
        <div>
          <dt>{t('voucher_check.expiration')}</dt>
          <dd>{expiration ?? t('voucher_check.no_expiration')}</dd>
        </div>
      </dl>
    </>
  );
}
