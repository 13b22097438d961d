// Base styles first, so component style sheets (imported by the modules below) override them.
import './app/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadCatalogPage } from './app/router';
import { prefetchStartup } from './lib/api/startup';
import { clientToken } from './lib/client-token';
import { knowRenderedDay } from './lib/format-date';
import { initI18n } from './lib/i18n';
import { initialLanguage, setActiveLanguage } from './lib/language';
import { mayHydrate, readPageData, seedQueries, sessionEntries } from './lib/page-data';
import { pageDefinitions } from './lib/page-definitions';
import { seedPrintedTexts } from './lib/printed-texts';
import { createQueryClient } from './lib/query-client';
import { applyTheme } from './lib/theme';
import { startVisit } from './lib/visit-enrichment';

// First: on the visit's first page, what brought the visitor here is kept for every order (decision 0194).
startVisit();

const definitions = pageDefinitions();
applyTheme(definitions.themeColour);
const language = initialLanguage(definitions.language, definitions.languages);
setActiveLanguage(language);

if (definitions.sentryDsn) {
  const dsn = definitions.sentryDsn;
  void import('./app/sentry').then(({ initSentry }) => initSentry(dsn));
}

const queryClient = createQueryClient();
// A catalogue page the server rendered (decision 0153) is hydrated from the data it was
// rendered from, when this visitor would see the same page; otherwise it is rendered here.
const pageData = readPageData();
const hydrate =
  pageData !== undefined &&
  mayHydrate(pageData, {
    language,
    now: Date.now(),
    pathname: location.pathname,
    search: location.search,
    loggedIn: clientToken() !== null,
    session: sessionEntries(),
  });
if (pageData && hydrate) {
  seedQueries(queryClient, pageData);
  // Prices, dates and the shop's today as the server printed them: hydrating builds no Intl formatter (decision 0286).
  seedPrintedTexts(pageData.printed ?? []);
  const { today: date, todayFrom: from, todayUntil: until } = pageData;
  knowRenderedDay({ timeZone: definitions.timeZone, date, from, until });
}
// The startup load (docs/storefront.md §7.3) starts before React renders, in parallel with the language file;
// what the page data seeded is fresh, so it is not asked for again.
void prefetchStartup(queryClient, language);

void Promise.all([initI18n(language), hydrate ? preloadCatalogPage(location.pathname) : undefined]).then(
  () => {
    const container = document.getElementById('root');
    if (!container) throw new Error('index.html has no #root element');
    const app = (
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>
    );
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (one long task on a slow phone; TBT);
    // a click meanwhile hydrates what it lands on first.
    if (hydrate) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  },
);
