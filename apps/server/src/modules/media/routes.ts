import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { catalogueMediaFolder, seedAssetsFolder } from '../../paths.ts';
import { reachedWithoutLinks } from './no-links.ts';

/** A year: file names change when an image does, so clients may keep them. */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Serves under /media/ the images of imported catalogue files (DATA_DIR/media,
 * made by main.ts and `shop import`), then the demo shop's bundled ones.
 * Registered with decorateReply off so the storefront's own @fastify/static
 * can coexist.
 */
export async function mediaRoutes(app: TypedApp, deps?: AppDeps): Promise<void> {
  const imported = deps ? catalogueMediaFolder(deps.config.dataDir) : undefined;
  const roots = imported && existsSync(imported) ? [imported, seedAssetsFolder] : seedAssetsFolder;
  await app.register(
    async (media) => {
      // A missing image is a 404, never the storefront's history-mode fallback page.
      media.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .send({ ok: false, error: { code: 'NOT_FOUND', message: `No media at ${request.url}` } }),
      );
      await media.register(fastifyStatic, {
        root: roots,
        prefix: '/',
        decorateReply: false,
        schemaHide: true,
        index: false,
        list: false,
        dotfiles: 'deny',
        // A symbolic link is never served, whatever it points to.
        allowedPath: (pathname, root) => reachedWithoutLinks(pathname, root),
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
