import type { Config } from '../../config.ts';
import { frameAncestors } from '../../lib/security-headers.ts';

const PAYPAL = 'https://www.paypal.com https://*.paypal.com https://*.paypalobjects.com';

/**
 * The storefront page's Content-Security-Policy: its own scripts, plus a
 * payment provider's or the captcha's only where the shop uses them. The
 * page definitions are a JSON <script> (never executed), so no inline script
 * needs allowing. Styles allow inline: the captcha widget and React's style
 * attributes set them.
 */
export function storefrontCsp(config: Config, options: { captcha: boolean }): string {
  // Written once per configuration and captcha setting: every page view sends it.
  let written = cspByConfig.get(config);
  if (!written) cspByConfig.set(config, (written = new Map()));
  let csp = written.get(options.captcha);
  if (csp === undefined) written.set(options.captcha, (csp = writeCsp(config, options)));
  return csp;
}

const cspByConfig = new WeakMap<Config, Map<boolean, string>>();

function writeCsp(config: Config, options: { captcha: boolean }): string {
  const paypal = Boolean(config.paypal.clientId);
  const sentry = config.sentryDsn ? originOf(config.sentryDsn) : undefined;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(paypal ? [PAYPAL] : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...(paypal ? [PAYPAL] : [])],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(paypal ? [PAYPAL] : []), ...(sentry ? [sentry] : [])],
    'frame-src': paypal ? [PAYPAL] : ["'none'"],
    // ALTCHA solves its proof of work in workers made from blob: URLs.
    'worker-src': ["'self'", ...(options.captcha ? ['blob:'] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", 'https:'],
    'frame-ancestors': [frameAncestors(config)],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
