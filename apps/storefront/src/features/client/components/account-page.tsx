import { useTranslation } from '@/lib/use-translation';
import { Link, Navigate } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { PageTitle } from '@/components/ui/page-title';
import { useClient } from '@/lib/api/get-client';
import { useLogoutClient } from '@/lib/api/logout-client';
import { AccountOrders } from './account-orders';
import { AccountSubscriptions } from './account-subscriptions';
import './account-page.css';

/**
 * /client/account, My account (beyond docs/storefront.md; decision 0122): the
 * client's subscriptions with passes, visits left, expiry and Renew, their
 * orders with status, tickets and rebook links, and Log out. Anonymous
 * visitors are sent to the login page, which brings them back here.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const client = useClient();
  const logout = useLogoutClient();

  if (client.isPending) return <Loading label={t('app.loading')} />;
  if (!client.data) return <Navigate to="/client/login?redirect=%2Fclient%2Faccount" replace />;
  const name = `${client.data.name.first} ${client.data.name.last}`;
  return (
    <section className="kassa-page kassa-account">
      <PageTitle title={t('account.title')} />
      <div className="kassa-account__head">
        <h1>{t('account.title')}</h1>
        <button
          type="button"
          className="kassa-button kassa-button--secondary"
          onClick={() => logout.mutate()}
          aria-disabled={logout.isPending || undefined}
        >
          {t('account.logout')}
        </button>
      </div>
      <p>
        {name} · {client.data.email}
      </p>
      <AccountSubscriptions />
      <AccountOrders />
      {logout.isError && <Alert tone="danger">{t('errors.unexpected')}</Alert>}
      <p>
        <Link to="/">{t('not_found.home')}</Link>
      </p>
    </section>
  );
}
