import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { useRequestLoginLink } from '../api/request-login-link';

/**
 * "Mail me a login link" (decision 0120): for a client without a password or
 * who forgot it. The answer never says whether the e-mail has an account.
 */
export function LoginLinkForm({ initialEmail, redirect }: { initialEmail: string; redirect?: string }) {
  const { t } = useTranslation();
  const send = useRequestLoginLink();
  const [email, setEmail] = useState(initialEmail);
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const entered = email.trim();
    setMissing(entered === '');
    if (entered === '' || send.isPending) return;
    send.mutate({ email: entered, redirect });
  }

  return (
    <section className="kassa-client-login__link" aria-labelledby="login-link-title">
      <h2 id="login-link-title">{t('client_login.link_title')}</h2>
      <p>{t('client_login.link_text')}</p>
      {send.isSuccess ? (
        <Alert tone="success">{t('client_login.link_sent', { email: send.variables.email })}</Alert>
      ) : (
        <form className="kassa-client-login__form" noValidate onSubmit={submit}>
          {send.isError && (
            <Alert tone="danger">{t(errorKey(isApiError(send.error) ? send.error.code : undefined))}</Alert>
          )}
          <TextField
            name="link-email"
            type="email"
            label={t('client_login.email')}
            value={email}
            onChange={setEmail}
            error={missing ? t('client_login.email_required') : undefined}
            required
            autoComplete="email"
            inputMode="email"
            maxLength={320}
          />
          <button
            type="submit"
            className="kassa-button kassa-button--secondary"
            aria-disabled={send.isPending || undefined}
          >
            {send.isPending && <Spinner />}
            {t('client_login.link_submit')}
          </button>
        </form>
      )}
    </section>
  );
}
