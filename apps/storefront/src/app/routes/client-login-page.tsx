import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Loading } from '@/components/ui/loading';
import { PageTitle } from '@/components/ui/page-title';
import { isApiError } from '@/lib/api-error';
import { useLoginClient } from '@/lib/api/login-client';
import { errorKey } from '@/lib/error-message';

/** Only paths inside the shop: a login link must not send the visitor elsewhere. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

/**
 * /client/login (spec §2: referenced only). The personal link a client gets
 * by e-mail carries ?token=…; the page logs in with it (POST /api/client)
 * and goes on to ?redirect=… or home. Without a token it says how to log in.
 */
export function ClientLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const login = useLoginClient();
  const { mutate } = login;

  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  if (login.isSuccess) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <section className="kassa-page">
      <PageTitle title={t('client_login.title')} />
      <h1>{t('client_login.title')}</h1>
      {token && login.isPending && <Loading label={t('app.loading')} />}
      {login.isError && (
        <Alert tone="danger">{t(errorKey(isApiError(login.error) ? login.error.code : undefined))}</Alert>
      )}
      {(!token || login.isError) && <p>{t('client_login.text')}</p>}
      <p>
        <Link to="/">{t('not_found.home')}</Link>
      </p>
    </section>
  );
}
