import { useTranslation } from '@/lib/use-translation';
import { Link } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { formatDate } from '@/lib/format-date';
import { pageDefinitions } from '@/lib/page-definitions';
import { useAccount } from '../api/get-account';
import { PassCard } from './pass-card';

/** My account's subscriptions: passes, visits left, expiry, and Renew where renewable. */
export function AccountSubscriptions() {
  const { t } = useTranslation();
  const account = useAccount(true);
  const { timeZone, dateFormat } = pageDefinitions();

  return (
    <section className="kassa-account__section" aria-labelledby="account-subscriptions">
      <h2 id="account-subscriptions">{t('account.subscriptions')}</h2>
      {account.isPending && <Loading label={t('app.loading')} />}
      {account.isError && <Alert tone="danger">{t('account.load_failed')}</Alert>}
      {account.data?.subscriptions.length === 0 && <p>{t('account.no_subscriptions')}</p>}
      <ul className="kassa-account__list">
        {account.data?.subscriptions.map((held) => {
          const date = formatDate(held.expiration, timeZone, dateFormat);
          return (
            <li key={held.id} className="kassa-account__card">
              <h3>{held.subscription.title}</h3>
              <p>{held.expired ? t('account.expired', { date }) : t('account.expires', { date })}</p>
              <p>
                {held.available_redemptions === -1
                  ? t('account.unlimited')
                  : t('account.redemptions_left', { count: held.available_redemptions })}
              </p>
              {held.passes.length > 0 && (
                <>
                  <h4>{t('account.passes')}</h4>
                  <ul className="kassa-account__passes">
                    {held.passes.map((pass) => (
                      <li key={pass.id}>
                        <PassCard pass={pass} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {held.renewal && (
                <Link className="kassa-button" to={`/renew/${encodeURIComponent(held.renewal)}`}>
                  {t('account.renew', { title: held.subscription.title })}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
