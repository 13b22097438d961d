import { withdrawalPath } from '@kassa/domain/contract/withdrawal';
import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';

/**
 * Under a paid voucher or pass order (the return page, the order's page):
 * the right of withdrawal in one sentence and the clearly labelled link to
 * the withdrawal page, which tells whether it still applies (decision 0254).
 */
export function WithdrawalOffer({ hash, kind, status }: { hash: string; kind: string; status: string }) {
  const { t } = useTranslation();
  if (status !== 'PAID' || (kind !== 'VOUCHER' && kind !== 'SUBSCRIPTION')) return null;
  return (
    <section className="kassa-withdrawal-offer" aria-labelledby="kassa-withdrawal-offer-title">
      <h2 id="kassa-withdrawal-offer-title">{t('withdrawal.title')}</h2>
      <p>{t('withdrawal.offer')}</p>
      <p>
        <Link to={withdrawalPath(hash)}>{t('withdrawal.start')}</Link>
      </p>
    </section>
  );
}
