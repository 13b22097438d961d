import fastifyStatic from '@fastify/static';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { seedAssetsFolder } from '../../paths.ts';

/** A year: file names change when an image does, so clients may keep them. */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Serves the demo shop's bundled images under /media/. Registered with
 * decorateReply off so the storefront's own @fastify/static can coexist.
 */
export async function mediaRoutes(app: TypedApp, _deps?: AppDeps): Promise<void> {
  await app.register(
    async (media) => {
      // A missing image is a 404, never the storefront's history-mode fallback page.
      media.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .send({ ok: false, error: { code: 'NOT_FOUND', message: `No media at ${request.url}` } }),
      );
      await media.register(fastifyStatic, {
        root: seedAssetsFolder,
        prefix: '/',
        decorateReply: false,
        schemaHide: true,
        index: false,
        list: false,
        dotfiles: 'deny',
        maxAge: ONE_YEAR_MS,
        immutable: true,
        setHeaders(reply) {
          // SVG can carry script: opened directly, it must not run any, nor be sniffed as HTML.
          reply.setHeader('X-Content-Type-Options', 'nosniff');
          reply.setHeader(
            'Content-Security-Policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          );
        },
      });
    },
    { prefix: '/media' },
  );
}
