import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, Navigate, useNavigate, useParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { PageTitle } from '@/components/ui/page-title';
import { isApiError } from '@/lib/api-error';
import { useClient } from '@/lib/api/get-client';
import { errorKey } from '@/lib/error-message';
import { pageDefinitions } from '@/lib/page-definitions';
import { startRenewal } from '@/lib/renewal-store';
import { raiseSelection, useStepEvent } from '@/lib/storefront-events';
import { useRenewalCheck } from '../api/get-renewal';

/**
 * /renew/{hash} (docs/storefront.md §2.15, §4.11): needs a
 * logged-in client, otherwise /client/login?redirect=… brings them back.
 * A renewable answer is stored and the visitor goes home in renewal mode;
 * otherwise the page says why (docs/storefront.md §8.3: error_info, or Unknown
 * error).
 */
export function RenewPage() {
  const { t } = useTranslation();
  // The code's own text where the shop has one, else the server's error_info, else Unknown error (docs/storefront.md §8.3).
  const renewalProblem = (error: unknown) => {
    const key = errorKey(isApiError(error) ? error.code : undefined);
    if (key !== 'errors.unexpected') return t(key);
    return (isApiError(error) && error.errorInfo) || t('errors.error_unknown');
  };
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const client = useClient();
  const check = useRenewalCheck(hash, Boolean(client.data));
  useStepEvent('renewal', 'view');

  const renewal = check.data;
  useEffect(() => {
    if (!renewal?.renewable) return;
    startRenewal({
      hash: renewal.hash,
      subscriptionId: renewal.id,
      expiration: renewal.expiration,
      passes: renewal.passes.map((pass) => ({ id: pass.id, audience: pass.audience })),
    });
    raiseSelection(
      'renewal',
      { id: renewal.id, title: renewal.subscription.title },
      pageDefinitions().currency,
    );
    void navigate('/', { replace: true });
  }, [renewal, navigate]);

  if (client.isPending) return <Loading label={t('app.loading')} />;
  if (!client.data) {
    const back = `/renew/${encodeURIComponent(hash)}`;
    return <Navigate to={`/client/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  const problem = check.isError
    ? renewalProblem(check.error)
    : renewal && !renewal.renewable
      ? t('renew.not_renewable', { title: renewal.subscription.title })
      : null;
  return (
    <section className="kassa-page">
      <PageTitle title={t('pages.renew')} />
      <h1>{t('pages.renew')}</h1>
      {!problem && <Loading label={t('app.loading')} />}
      {problem && <Alert tone="danger">{problem}</Alert>}
      <p>
        <Link to="/client/account">{t('account.title')}</Link>
      </p>
    </section>
  );
}
