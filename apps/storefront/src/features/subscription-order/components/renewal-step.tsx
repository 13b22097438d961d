import type { SubscriptionDetail } from '@kassa/domain/contract/catalog';
import { useTranslation } from '@/lib/use-translation';
import { formatDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import type { Renewal } from '@/lib/renewal-store';

/** The quantity step in renewal mode (docs/storefront.md §2.11, §4.11): the existing passes, renewed together. */
export function RenewalStep({
  subscription,
  renewal,
}: {
  subscription: SubscriptionDetail;
  renewal: Renewal;
}) {
  const { t } = useTranslation();
  const { timeZone, dateFormat } = pageDefinitions();
  const name = (audienceId: number | null) =>
    subscription.audiences.find((audience) => audience.id === audienceId)?.name ?? subscription.title;
  return (
    <>
      <p>
        {renewal.expiration
          ? t('subscription.renewal_text', { date: formatDate(renewal.expiration, timeZone, dateFormat) })
          : t('subscription.renewal_text_plain')}
      </p>
      <ul className="kassa-audiences">
        {renewal.passes.map((pass, index) => (
          <li key={pass.id} className="kassa-audience">
            <span className="kassa-audience__name">{t('subscription.pass', { number: index + 1 })}</span>
            <span>{name(pass.audience)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
