import { useTranslation } from '@/lib/use-translation';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from '@/lib/router/router';
import { Loading } from '@/components/ui/loading';
import { PageTitle } from '@/components/ui/page-title';
import { useClient } from '@/lib/api/get-client';
import { useFaq } from '@/lib/api/get-faq';
import { pageDefinitions } from '@/lib/page-definitions';
import { pendingPaymentStore } from '@/lib/pending-payment-store';
import { ErrorBoundary } from './error-boundary';
import { HeaderCart } from './header-cart';
import { LanguageSwitcher } from './language-switcher';
import { PageError } from './routes/page-error';
import { ShopLogo } from './shop-logo';
import './layout.css';

// Only a visitor with an order at the payment page sees the hold: its code (the status poll,
// the way back to the payment) is not part of every first page view.
const HoldCountdown = lazy(async () => ({ default: (await import('./hold-countdown')).HoldCountdown }));

/** The frame of every page: skip link, header with shop name and language, main landmark, footer. */
export function Layout() {
  const { t } = useTranslation();
  const name = pageDefinitions().organisationName;
  const faq = useFaq();
  const client = useClient();
  const pending = pendingPaymentStore.use();
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  // A new page starts at the top, and (after the first page) focus moves to
  // main, so keyboard and screen-reader users continue from the new content
  // rather than from the link that has gone.
  useEffect(() => {
    // Braces matter: newer Chromium returns a promise from scrollTo, which React would call as a cleanup.
    window.scrollTo(0, 0);
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  // Marks the document once React has taken over the page (hydrated or rendered): a
  // server-rendered page shows before its controls work (decision 0153), and browser
  // tests wait for this before they click. A hook, not a component: a component here
  // would shift useId's tree and the server's ids would no longer match.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  const links = [
    { to: '/', label: t('nav.shop'), end: true },
    ...(faq.data?.faq_enabled === false ? [] : [{ to: '/faq', label: t('nav.faq'), end: false }]),
    { to: '/calendar', label: t('nav.calendar'), end: false },
    { to: '/voucher-check', label: t('nav.voucher_check'), end: false },
  ];
  // A logged-in client's way to their passes, orders and logout (decision 0122).
  const account = client.data
    ? { to: '/client/account', label: t('nav.account'), end: false }
    : { to: '/client/login', label: t('nav.login'), end: false };

  return (
    <>
      <a className="kassa-skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <header className="kassa-header">
        <div className="kassa-container kassa-header__inner">
          {/* The start of the header: the shop's logo (app/shop-logo.tsx) goes first in here, before the name. */}
          <div className="kassa-header__start">
            <NavLink to="/" className="kassa-header__brand" aria-label={t('app.home_link', { name })}>
              <ShopLogo />
              {name}
            </NavLink>
          </div>
          <nav className="kassa-header__nav" aria-label={t('app.main_navigation')}>
            <ul>
              {[...links, account].map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="kassa-header__tools">
            <HeaderCart />
            <LanguageSwitcher />
          </div>
        </div>
        {pending && (
          <Suspense fallback={null}>
            <HoldCountdown />
          </Suspense>
        )}
      </header>
      <main id="main" className="kassa-main" tabIndex={-1}>
        <div className="kassa-container">
          {/* Keyed by path: a crash on one page does not stick to the next. */}
          <ErrorBoundary key={pathname} fallback={<PageError />}>
            {/* While a page's code loads, the document keeps a title: the page before took its
                own with it when it unmounted (React 19 removes a hoisted title with its owner). */}
            <Suspense
              fallback={
                <>
                  <PageTitle title={name} />
                  <Loading label={t('app.page_loading')} />
                </>
              }
            >
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
      <footer className="kassa-footer">
        <div className="kassa-container">
          <nav aria-label={t('app.footer_navigation')}>
            <ul>
              {links.slice(1).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to}>{link.label}</NavLink>
                </li>
              ))}
              <li>
                <NavLink to={account.to}>{account.label}</NavLink>
              </li>
            </ul>
          </nav>
          <p>{t('app.footer_text', { name })}</p>
        </div>
      </footer>
    </>
  );
}
