import { useId, type ReactNode } from 'react';
import { NavLink, useNavigate } from '@/lib/router/router';
import { changeLanguage } from '@/lib/i18n';
import { offeredLanguages, toLanguage } from '@/lib/language';
import { pageDefinitions } from '@/lib/page-definitions';
import { useLanguage } from '@/lib/use-language';
import { logoutStaff } from '../api/staff-login';
import { staffMay } from '@kassa/domain/rules/staff-role';
import { useRefreshStaffRole } from '../api/staff-orders';
import { useStaffRole } from '../hooks/use-staff-role';
import { loadStaffTexts, useStaffText } from '../hooks/use-staff-text';
import { offlineStore } from '../utils/offline-store';
import { staffSession } from '../utils/staff-session';

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  nl: 'Nederlands',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
};

/** The staff pages' frame: shop name, Scan / Today, language and log out, sized for a thumb. */
export function StaffLayout({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const t = useStaffText();
  const navigate = useNavigate();
  const languageId = useId();
  const language = useLanguage();
  const languages = offeredLanguages(pageDefinitions().languages);
  const name = staffSession()?.staff.name || staffSession()?.staff.email;
  useRefreshStaffRole(signedIn);
  const role = useStaffRole();
  const manager = role === 'manager';
  const orders = role !== null && staffMay(role, 'orders');

  async function logout() {
    offlineStore.clear();
    await logoutStaff().catch(() => undefined);
    void navigate('/staff/login', { replace: true });
  }

  return (
    <div className="kassa-staff">
      <a className="kassa-skip-link" href="#staff-main">
        {t('skip')}
      </a>
      <header className="kassa-staff__header">
        <p className="kassa-staff__brand">
          {pageDefinitions().organisationName} · {t('title')}
        </p>
        <div className="kassa-staff__tools">
          <label htmlFor={languageId} className="kassa-staff__visually-hidden">
            {t('language')}
          </label>
          <select
            id={languageId}
            value={language}
            onChange={(event) => {
              const next = toLanguage(event.target.value);
              if (next) void loadStaffTexts(next).then(() => changeLanguage(next));
            }}
          >
            {languages.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code] ?? code}
              </option>
            ))}
          </select>
          {signedIn && (
            <button type="button" className="kassa-staff__logout" onClick={() => void logout()}>
              {t('nav.logout')}
            </button>
          )}
        </div>
      </header>
      {signedIn && (
        <nav className="kassa-staff__nav" aria-label={t('nav.label')}>
          <NavLink to="/staff/scan">{t('nav.scan')}</NavLink>
          <NavLink to="/staff/today">{t('nav.today')}</NavLink>
          {orders && <NavLink to="/staff/orders">{t('orders.nav')}</NavLink>}
          {orders && <NavLink to="/staff/requests">{t('requests.nav')}</NavLink>}
          {manager && <NavLink to="/staff/accounts">{t('staffAccounts.nav')}</NavLink>}
          {manager && <NavLink to="/staff/audit">{t('audit.nav')}</NavLink>}
          {manager && <NavLink to="/staff/dashboard">{t('dashboard.nav')}</NavLink>}
          {name && <span className="kassa-staff__who">{t('nav.signed_in', { name })}</span>}
        </nav>
      )}
      <main id="staff-main" className="kassa-staff__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
