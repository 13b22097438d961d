/**
 * Hostile clients (decisions 0100, 0200): generated malformed bodies, query
 * strings, path parameters and headers against every route in the route table,
 * so a new route is covered without editing this file. No answer may be a 5xx,
 * every error has the contract's shape, and no error-level log line repeats
 * what the client sent (names, e-mails, tokens). MALFORMED_RUNS sets the runs
 * per route: 200 in CI, fewer locally.
 */
import { errorBodySchema } from '@kassa/domain/contract/common';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import qs from 'qs';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routeTable, type RouteEntry } from './lib/route-table.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { fakeDist } from './testing/fake-dist.ts';
import { createTestApp } from './testing/test-app.ts';
import { arbitraryFor, hostileString } from './testing/zod-arbitrary.ts';

const RUNS = Number(process.env.MALFORMED_RUNS ?? (process.env.CI ? 200 : 12));

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});
const testApp = await createTestApp(
  { STOREFRONT_DIST: fakeDist() },
  { logger: { level: 'warn', stream: logStream } },
);
await seedIfEmpty(testApp.db);
const routes = routeTable(testApp.app).filter((route) => route.method !== 'OPTIONS');

afterAll(() => testApp.close());

/** Percent-encodes a string as a client would, lone surrogates as their WTF-8 bytes. */
function encodeSegment(value: string): string {
  let encoded = '';
  for (const unit of value) {
    const code = unit.charCodeAt(0);
    if (unit.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => '%' + byte.toString(16).toUpperCase())
        .join('');
    } else encoded += encodeURIComponent(unit);
  }
  return encoded;
}

const rawSegments = fc.constantFrom('%', '%zz', '%00', '%C0%80', '%ED%A0%80', '%FF', '..', '%2e%2e', '1');
const segment = fc.oneof(
  hostileString.map((value) => encodeSegment(value.slice(0, 300))),
  rawSegments,
);

function schemaPart(route: RouteEntry, part: 'body' | 'querystring' | 'params'): z.ZodType | undefined {
  const schema = route.schema?.[part];
  return schema && typeof schema === 'object' && '_zod' in schema ? (schema as z.ZodType) : undefined;
}

function urlFor(route: RouteEntry) {
  const names = route.url.split('/').map((piece) => (piece.startsWith(':') || piece === '*' ? piece : null));
  const query = schemaPart(route, 'querystring');
  return fc
    .record({
      segments: fc.tuple(...names.map((name) => (name ? segment : fc.constant('')))),
      query: fc.oneof(
        query ? arbitraryFor(query).map((value) => qs.stringify(value)) : fc.constant(''),
        fc.constantFrom('', 'a[%00]=1', '%=%', 'language=%00', 'language[]=x', 'a'.repeat(3000) + '=1'),
        hostileString.map((value) => encodeSegment(value.slice(0, 200))),
      ),
    })
    .map(({ segments, query: search }) => {
      const path = route.url
        .split('/')
        .map((piece, index) => (names[index] ? segments[index] : piece))
        .join('/');
      return search ? `${path}?${search}` : path;
    });
}

const headerValue = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
  fc.constantFrom('', 'Bearer ', 'Bearer x\u007f', 'Bearer ' + 'a'.repeat(5000)),
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'garbage',
);

function bodyFor(route: RouteEntry) {
  const body = schemaPart(route, 'body');
  return fc.oneof(
    {
      arbitrary: (body ? arbitraryFor(body) : fc.jsonValue()).map((value) => JSON.stringify(value ?? null)),
      weight: 6,
    },
    {
      arbitrary: fc.constantFrom('', '{', '{"a":', '\u0000', 'null', '[]', '"x"', '{"__proto__":{"x":1}}'),
      weight: 1,
    },
  );
}

function requestFor(route: RouteEntry) {
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  return fc.record({
    url: urlFor(route),
    payload: hasBody ? bodyFor(route) : fc.constant(undefined),
    contentType: contentTypes,
    authorization: fc.option(headerValue, { nil: undefined }),
    idempotencyKey: fc.option(headerValue, { nil: undefined }),
    acceptLanguage: fc.option(headerValue, { nil: undefined }),
    remoteAddress: fc.ipV4(),
  });
}

/** Strings long enough to be personal data that the client sent somewhere in the request. */
function sentStrings(request: {
  url: string;
  payload: string | undefined;
  authorization?: string;
}): string[] {
  const found: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string' && value.trim().length >= 6) found.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  try {
    collect(request.payload === undefined ? null : JSON.parse(request.payload));
  } catch {
    // not JSON: nothing structured to look for
  }
  if (request.authorization && request.authorization.length >= 12) found.push(request.authorization);
  return found;
}

describe('every route, hostile input', () => {
  it('finds the routes in the route table', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const route of routes) {
    it(`${route.method} ${route.url}: no 5xx, the error shape, no personal data in error logs`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => {
          logLines.length = 0;
          const response = await testApp.app.inject({
            method: route.method as InjectOptions['method'],
            url: request.url,
            payload: request.payload,
            remoteAddress: request.remoteAddress,
            headers: {
              ...(request.payload === undefined ? {} : { 'content-type': request.contentType }),
              ...(request.authorization === undefined ? {} : { authorization: request.authorization }),
              ...(request.idempotencyKey === undefined ? {} : { 'idempotency-key': request.idempotencyKey }),
              ...(request.acceptLanguage === undefined ? {} : { 'accept-language': request.acceptLanguage }),
            },
          });
          expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
          const isPage = response.headers['content-type']?.toString().startsWith('text/html');
          if (response.statusCode >= 400 && route.method !== 'HEAD' && !isPage) {
            expect(errorBodySchema.safeParse(response.json()).success, response.body.slice(0, 500)).toBe(
              true,
            );
          }
          const errorLines = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
          for (const sent of sentStrings(request)) {
            for (const line of errorLines) expect(line).not.toContain(JSON.stringify(sent).slice(1, -1));
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});
