import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@/lib/router/router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/loading';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { AltchaWidget } from '@/features/checkout/components/altcha-widget';
import { useStaffLogin } from '../api/staff-login';
import { staffErrorKey, useStaffText } from '../hooks/use-staff-text';
import { afterLoginPath } from '../utils/after-login';
import { unlockAudio } from '../utils/beep';

/**
 * /staff/login: e-mail and password; the session is kept on this device.
 * After failed logins the server may ask for a captcha (decision 0201): the
 * widget then shows in the form, and once solved the login is sent again.
 */
export function StaffLoginPage() {
  const t = useStaffText();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useStaffLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const captchaAsked = login.isError && isApiError(login.error) && login.error.code.startsWith('SECURITY_');

  function send(captcha?: string) {
    login.mutate(
      { email: email.trim(), password, ...(captcha ? { captcha } : {}) },
      { onSuccess: () => void navigate(afterLoginPath(location.state), { replace: true }) },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The tap that logs in is the user gesture browsers want before they play sound.
    unlockAudio();
    const incomplete = email.trim() === '' || password === '';
    setMissing(incomplete);
    if (incomplete || login.isPending || captchaAsked) return;
    send();
  }

  return (
    <section className="kassa-staff__page kassa-staff__login">
      <title>{t('login.title')}</title>
      <h1>{t('login.title')}</h1>
      <p>{t('login.intro')}</p>
      <form noValidate onSubmit={submit} className="kassa-staff__form">
        <TextField
          name="email"
          type="email"
          label={t('login.email')}
          value={email}
          onChange={setEmail}
          autoComplete="username"
          inputMode="email"
          required
          maxLength={320}
        />
        <div className="kassa-field">
          <label htmlFor="staff-password" className="kassa-field__label">
            {t('login.password')}
          </label>
          <input
            id="staff-password"
            name="password"
            type="password"
            className="kassa-field__control"
            autoComplete="current-password"
            aria-required
            value={password}
            maxLength={1024}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {missing && <Alert tone="warning">{t('login.required')}</Alert>}
        {captchaAsked ? (
          <div className="kassa-staff__captcha">
            <Alert tone="warning">{t('login.captcha')}</Alert>
            <AltchaWidget
              challengeUrl={pageDefinitions().captcha.challengeUrl}
              language={language}
              onVerified={send}
            />
          </div>
        ) : (
          login.isError && (
            <Alert tone="danger">
              {t(staffErrorKey(isApiError(login.error) ? login.error.code : undefined))}
            </Alert>
          )
        )}
        <button
          type="submit"
          className="kassa-button kassa-staff__wide"
          aria-disabled={login.isPending || undefined}
        >
          {login.isPending && <Spinner />}
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </section>
  );
}
