import type { PageDefinitions } from '@kassa/domain/contract/page-definitions';
import type { Config } from '../../config.ts';
import type { Organisation } from '../../lib/context.ts';

/** Where the storefront fetches an ALTCHA challenge (the captcha module serves it). */
const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';
/** FAQ illustrations bundled with the storefront, unless ILLUSTRATIONS_URL points elsewhere. */
const DEFAULT_ILLUSTRATIONS_URL = '/illustrations';

/** The settings injected into index.html: the organisation's, plus the public keys from config. */
export function pageDefinitionsFor(organisation: Organisation, config: Config): PageDefinitions {
  return {
    organisationName: organisation.name,
    currency: organisation.currency,
    language: organisation.defaultLanguage,
    languages: organisation.languages,
    timeZone: organisation.timeZone,
    dateFormat: organisation.dateFormat,
    themeColour: themeColour(organisation.themeColour),
    // In the page so the header shows it at once, with no API round trip (decision 0142).
    logo: organisation.logo,
    // On also when the server may ask for one per IP (modules/captcha/captcha-gate.ts), so the
    // storefront answers SECURITY_ codes with the captcha modal, not a dead-end error.
    captcha: {
      enabled: captchaOffered(organisation, config),
      challengeUrl: CAPTCHA_CHALLENGE_URL,
    },
    publishableKeys: {
      stripe: config.stripe.publishableKey ?? null,
      paypalClientId: config.paypal.clientId ?? null,
    },
    sentryDsn: config.sentryDsn ?? null,
    illustrationsUrl: config.illustrationsUrl ?? DEFAULT_ILLUSTRATIONS_URL,
  };
}

/** Whether the storefront may be asked for a captcha (and so loads the widget). */
export function captchaOffered(organisation: Organisation, config: Config): boolean {
  return organisation.captchaEnabled || config.captchaOrdersPerIp > 0;
}

/**
 * The contract wants hex without '#'. The storefront puts it into CSS, so
 * anything that is not a plain 3- or 6-digit hex colour becomes null (the
 * storefront's default) rather than reaching a style sheet.
 */
function themeColour(stored: string | null): string | null {
  const hex = stored?.trim().replace(/^#/, '') ?? '';
  return /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? hex.toLowerCase() : null;
}
