import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageBytes } from './compressed-page.ts';
import { createPageAnswers } from './page-answers.ts';

/**
 * A storefront route in miniature: answers kept by createPageAnswers, built
 * by `build` otherwise, as routes.ts and index-page.ts do.
 */
function pageServer(
  options: { catalogCacheMs: number },
  clock: () => number,
  makePage: (url: string) => PageBytes | Promise<PageBytes> = (url) => ({
    bytes: Buffer.from(`<p>${url}</p>`),
    etag: `W/"${url}"`,
  }),
) {
  const answers = createPageAnswers({ ...options, publicUrl: undefined }, clock);
  const build = vi.fn(makePage);
  const app: FastifyInstance = Fastify({ logger: false });
  app.get('/*', async (request, reply) => {
    if (answers.send(request, reply)) return reply;
    const page = await build(request.url);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    answers.keep(request, reply, page);
    return reply.send(page.bytes);
  });
  return { app, build };
}

describe('whole answers of server-rendered pages (decision 0170)', () => {
  let time = 0;
  const clock = () => time;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    time = 0;
  });

  it('sends the same request the answer it built a moment ago, headers and bytes, until the moment is over', async () => {
    const server = pageServer({ catalogCacheMs: 5000 }, clock);
    app = server.app;
    const first = await app.inject({ url: '/?lang=nl', headers: { 'accept-encoding': 'br' } });
    time = 999;
    const second = await app.inject({ url: '/?lang=nl', headers: { 'accept-encoding': 'br' } });
    expect(server.build).toHaveBeenCalledTimes(1);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    // At most a second even when the shop's parts are shared for longer: a rebuilt storefront shows as fast.
    time = 1000;
    await app.inject({ url: '/?lang=nl', headers: { 'accept-encoding': 'br' } });
    expect(server.build).toHaveBeenCalledTimes(2);
  });

  it('lets one request build a due answer again while the others still get the kept one', async () => {
    let finishBuilding: () => void = () => undefined;
    const server = pageServer({ catalogCacheMs: 1000 }, clock, async () => {
      const built = server.build.mock.calls.length;
      // The second build waits, as a build does for its parts.
      if (built === 2) await new Promise<void>((resolve) => (finishBuilding = resolve));
      return { bytes: Buffer.from(`build ${built}`), etag: `W/"${built}"` };
    });
    app = server.app;
    expect((await app.inject({ url: '/' })).body).toBe('build 1');
    time = 1000;
    const building = app.inject({ url: '/' });
    await vi.waitFor(() => expect(server.build).toHaveBeenCalledTimes(2));
    expect((await app.inject({ url: '/' })).body).toBe('build 1');
    expect((await app.inject({ url: '/' })).body).toBe('build 1');
    finishBuilding();
    expect((await building).body).toBe('build 2');
    expect((await app.inject({ url: '/' })).body).toBe('build 2');
    expect(server.build).toHaveBeenCalledTimes(2);
  });

  it('builds again when the request that was to build a due answer never kept one', async () => {
    const server = pageServer({ catalogCacheMs: 1000 }, clock, () => {
      const built = server.build.mock.calls.length;
      if (built === 2) throw new Error('the shop could not be read');
      return { bytes: Buffer.from(`build ${built}`), etag: `W/"${built}"` };
    });
    app = server.app;
    await app.inject({ url: '/' });
    time = 1000;
    expect((await app.inject({ url: '/' })).statusCode).toBe(500);
    time = 1500;
    expect((await app.inject({ url: '/' })).body).toBe('build 1');
    // Kept no longer than twice its time: then the page is built, not handed out older.
    time = 2000;
    expect((await app.inject({ url: '/' })).body).toBe('build 3');
  });

  it('keeps nothing when the shop shares nothing (CATALOG_CACHE_MS=0)', async () => {
    const server = pageServer({ catalogCacheMs: 0 }, clock);
    app = server.app;
    await app.inject({ url: '/' });
    await app.inject({ url: '/' });
    expect(server.build).toHaveBeenCalledTimes(2);
  });

  it('sends the best copy of the bytes written since the answer was kept', async () => {
    let current = Buffer.from('quick');
    const page: PageBytes = {
      encoding: 'br',
      etag: 'W/"home-br"',
      get bytes() {
        return current;
      },
    };
    const server = pageServer({ catalogCacheMs: 1000 }, clock, () => page);
    app = server.app;
    expect((await app.inject({ url: '/' })).body).toBe('quick');
    current = Buffer.from('best');
    expect((await app.inject({ url: '/' })).body).toBe('best');
  });
});
