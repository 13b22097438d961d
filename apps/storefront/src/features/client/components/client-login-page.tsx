import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link, Navigate, useSearchParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Loading, Spinner } from '@/components/ui/loading';
import { PageTitle } from '@/components/ui/page-title';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { useClient } from '@/lib/api/get-client';
import { useLoginClient } from '@/lib/api/login-client';
import { errorKey } from '@/lib/error-message';
import { pageDefinitions } from '@/lib/page-definitions';
import { CaptchaModal } from '@/features/checkout/components/captcha-modal';
import { safeRedirect } from '../utils/safe-redirect';
import { LoginLinkForm } from './login-link-form';
import './client-login-page.css';

/**
 * /client/login (docs/storefront.md §2.20, decision 0120). A mailed link
 * carries ?token=…, which logs in at once (POST /api/client); otherwise
 * e-mail and password, or "mail me a login link". Logged in, the visitor
 * goes on to ?redirect=… (renewal sends them here) or to their account.
 * After failed logins the server may ask for a captcha (decision 0201): the
 * captcha modal opens, and once solved the login is sent again.
 */
export function ClientLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const redirect = safeRedirect(params.get('redirect'));
  const client = useClient();
  const login = useLoginClient();
  const { mutate } = login;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  const captchaAsked = login.isError && isApiError(login.error) && login.error.code.startsWith('SECURITY_');

  if (login.isSuccess) return <Navigate to={redirect ?? '/client/account'} replace />;
  if (!token && client.data && redirect) return <Navigate to={redirect} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const empty = email.trim() === '' || password === '';
    setMissing(empty);
    if (empty || login.isPending) return;
    login.mutate({ email: email.trim(), password });
  }

  return (
    <section className="kassa-page kassa-client-login">
      <PageTitle title={t('client_login.title')} />
      <h1>{t('client_login.title')}</h1>
      {token && login.isPending && <Loading label={t('app.loading')} />}
      {login.isError && !captchaAsked && (
        <Alert tone="danger">{t(errorKey(isApiError(login.error) ? login.error.code : undefined))}</Alert>
      )}
      <CaptchaModal
        open={captchaAsked}
        challengeUrl={pageDefinitions().captcha.challengeUrl}
        onClose={() => login.reset()}
        onVerified={(captcha) => login.mutate({ email: email.trim(), password, captcha })}
        text={t('client_login.captcha_text')}
      />
      {client.data && !token ? (
        <p>
          {t('client_login.logged_in_as', { name: `${client.data.name.first} ${client.data.name.last}` })}{' '}
          <Link to="/client/account">{t('account.title')}</Link>
        </p>
      ) : (
        <>
          <p>{t('client_login.text')}</p>
          <form className="kassa-client-login__form" noValidate onSubmit={submit}>
            <TextField
              name="email"
              type="email"
              label={t('client_login.email')}
              value={email}
              onChange={setEmail}
              error={missing && email.trim() === '' ? t('client_login.email_required') : undefined}
              required
              autoComplete="email"
              inputMode="email"
              maxLength={320}
            />
            <TextField
              name="password"
              type="password"
              label={t('client_login.password')}
              value={password}
              onChange={setPassword}
              error={missing && password === '' ? t('client_login.password_required') : undefined}
              required
              autoComplete="current-password"
              maxLength={1000}
            />
            <button type="submit" className="kassa-button" aria-disabled={login.isPending || undefined}>
              {login.isPending && !token && <Spinner />}
              {t('client_login.submit')}
            </button>
          </form>
          <LoginLinkForm initialEmail={email} redirect={redirect} />
        </>
      )}
    </section>
  );
}
