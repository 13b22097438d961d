import { STAFF_PASSWORD_MIN_LENGTH } from '@kassa/domain/contract/staff-accounts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { useSetStaffPassword } from '../api/staff-accounts';
import { useStaffText } from '../hooks/use-staff-text';
import { accountErrorText } from '../utils/account-texts';

/**
 * /staff/password?token=…: the link mailed to a new staff member, or when a
 * manager asked for a new password (decision 0245). The password is typed
 * twice and checked here first, so a slip does not spend the single-use link.
 */
export function SetPasswordPage() {
  const t = useStaffText();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const save = useSetStaffPassword();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<'too_short' | 'differ' | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found =
      password.length < STAFF_PASSWORD_MIN_LENGTH ? 'too_short' : password !== repeat ? 'differ' : null;
    setProblem(found);
    if (found || save.isPending) return;
    save.mutate({ token, password });
  }

  return (
    <section className="kassa-staff__page kassa-staff__login">
      <title>{t('staffAccounts.password.title')}</title>
      <h1>{t('staffAccounts.password.title')}</h1>
      {save.isSuccess ? (
        <>
          <Alert tone="success">{t('staffAccounts.password.done', { email: save.data.email })}</Alert>
          <p>
            <Link to="/staff/login" className="kassa-button">
              {t('staffAccounts.password.login')}
            </Link>
          </p>
        </>
      ) : !token ? (
        <Alert tone="warning">{t('staffAccounts.password.no_token')}</Alert>
      ) : (
        <>
          <p>{t('staffAccounts.password.intro')}</p>
          <form noValidate onSubmit={submit} className="kassa-staff__form">
            <TextField
              name="new-password"
              type="password"
              label={t('staffAccounts.password.new')}
              hint={t('staffAccounts.password.hint', { min: STAFF_PASSWORD_MIN_LENGTH })}
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              required
              maxLength={1024}
              error={
                problem === 'too_short'
                  ? t('staffAccounts.password.too_short', { min: STAFF_PASSWORD_MIN_LENGTH })
                  : undefined
              }
            />
            <TextField
              name="repeat-password"
              type="password"
              label={t('staffAccounts.password.repeat')}
              value={repeat}
              onChange={setRepeat}
              autoComplete="new-password"
              required
              maxLength={1024}
              error={problem === 'differ' ? t('staffAccounts.password.differ') : undefined}
            />
            {save.isError && <Alert tone="danger">{accountErrorText(t, save.error)}</Alert>}
            <button
              type="submit"
              className="kassa-button kassa-staff__wide"
              aria-disabled={save.isPending || undefined}
            >
              {save.isPending && <Spinner />}
              {save.isPending ? t('staffAccounts.password.submitting') : t('staffAccounts.password.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
