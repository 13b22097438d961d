// Base styles first, so component style sheets (imported by the modules below) override them.
import './app/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchStartup } from './lib/api/startup';
import { initI18n } from './lib/i18n';
import { initialLanguage, setActiveLanguage } from './lib/language';
import { pageDefinitions } from './lib/page-definitions';
import { createQueryClient } from './lib/query-client';
import { applyTheme } from './lib/theme';

const definitions = pageDefinitions();
applyTheme(definitions.themeColour);
const language = initialLanguage(definitions.language, definitions.languages);
setActiveLanguage(language);

if (definitions.sentryDsn) {
  const dsn = definitions.sentryDsn;
  void import('./app/sentry').then(({ initSentry }) => initSentry(dsn));
}

// The startup load (spec §7) starts before React renders, in parallel with the language file.
const queryClient = createQueryClient();
void prefetchStartup(queryClient, language);

void initI18n(language).then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
