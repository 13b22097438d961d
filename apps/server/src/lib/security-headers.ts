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

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const framing = frameAncestors(config);
  // A callback hook, not an async one: it runs on every answer, and a promise per answer is not free.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy'))
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('strict-transport-security', HSTS);
    const path = request.url.split('?')[0] ?? '';
    if ((path === '/api' || path.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    // Pages other than the storefront's (hosted payment pages) may not be framed either.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', `frame-ancestors ${framing}`);
    }
    if (framing === "'none'") reply.header('x-frame-options', 'DENY');
    done(null, payload);
  });
}

/** The CSP frame-ancestors source list: FRAME_ANCESTORS, or 'none'. */
export function frameAncestors(config: Pick<Config, 'frameAncestors'>): string {
  return config.frameAncestors.length > 0 ? config.frameAncestors.join(' ') : "'none'";
}
