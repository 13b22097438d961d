/**
 * Headers every answer carries (decision 0101): nosniff and Referrer-Policy
 * everywhere, HSTS when the shop is served over https, and no-store on every
 * /api answer that does not say itself how it may be cached (personal data,
 * tokens and order hashes must not sit in a shared or browser cache).
 * Storefront pages add their Content-Security-Policy (content-security-policy.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

/** What the headers depend on, worked out once: the hook runs on every answer (decision 0283). */
function policy(config: Config) {
  const framing = frameAncestors(config);
  return {
    https: config.publicUrl?.startsWith('https://') ?? false,
    framingPolicy: `frame-ancestors ${framing}`,
    denyFraming: framing === "'none'",
  };
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const { https, framingPolicy, denyFraming } = policy(config);
  // A callback hook, not an async one: it runs on every answer, and a promise per answer is not free.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy'))
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('strict-transport-security', HSTS);
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    // Pages other than the storefront's (hosted payment pages) may not be framed either.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', framingPolicy);
    }
    if (denyFraming) reply.header('x-frame-options', 'DENY');
    done(null, payload);
  });
}

/**
 * The headers the hook above gives an /api answer whose route set none of
 * them: what a kept answer sent in front of the router carries (decision 0289).
 */
export function apiAnswerHeaders(config: Config): Record<string, string> {
  const { https, framingPolicy, denyFraming } = policy(config);
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
    'cache-control': 'no-store',
    'content-security-policy': framingPolicy,
    ...(denyFraming ? { 'x-frame-options': 'DENY' } : {}),
  };
}

/** `/api` or a path under it, with or without a query string (no split per answer). */
export function isApiPath(url: string): boolean {
  if (!url.startsWith('/api')) return false;
  const next = url.charCodeAt(4);
  // End of the URL, '/' or '?'.
  return Number.isNaN(next) || next === 47 || next === 63;
}

/** The CSP frame-ancestors source list: FRAME_ANCESTORS, or 'none'. */
export function frameAncestors(config: Pick<Config, 'frameAncestors'>): string {
  return config.frameAncestors.length > 0 ? config.frameAncestors.join(' ') : "'none'";
}
