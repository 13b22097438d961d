/**
 * Routes whose path carries a secret (docs/storefront.md §4.1: reservation,
 * rebooking and renewal links, payment returns). Search engines must not keep
 * them.
 */
const SECRET_PATHS = /^\/(reservation|rebook|renew|checkout\/return)\//;

/** Headers of a storefront page, besides type and caching. */
export function pageHeaders(urlPath: string): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    // Only the origin leaves the site: third-party scripts and images never see a secret path.
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  if (SECRET_PATHS.test(urlPath)) headers['x-robots-tag'] = 'noindex, nofollow';
  return headers;
}
