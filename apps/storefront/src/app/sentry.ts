/**
 * Error reporting (docs/architecture.md, "Around the shop"), only when the page
 * definitions carry a DSN; loaded as its own chunk so shops without Sentry
 * never download it.
 */
import * as Sentry from '@sentry/react';

export function initSentry(dsn: string): void {
  Sentry.init({ dsn, sampleRate: 1, maxBreadcrumbs: 50 });
}
