import { errorBodySchema } from '@kassa/domain/contract/common';
import { sql } from 'drizzle-orm';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Sends raw bytes to the listening server and reads the whole answer. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('errors before any route runs', () => {
  let t: TestApp;
  let port: number;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({}, { logger: { level: 'error', stream } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('answers headers too large with 431 in the contract shape', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/faq HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.startsWith('HTTP/1.1 431')).toBe(true);
    expect(bodyOf(answer)).toMatchObject({ ok: false, error: { code: 'HEADERS_TOO_LARGE' } });
  });

  it('answers a malformed request line with 400 in the contract shape', async () => {
    const answer = await rawRequest(port, 'GET /api faq HTTP/9\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    expect(bodyOf(answer)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });

  it('answers a bad percent-encoding in the URL with 400 BAD_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/orders/%E0%A4%A/status' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'BAD_URL' } });
  });

  it('answers malformed JSON and a content type it does not take in the contract shape', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ ok: false, error: { code: 'INVALID_BODY' } });
    const unsupported = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      headers: { 'content-type': 'text/xml' },
      payload: '<token/>',
    });
    expect(unsupported.statusCode).toBe(415);
    expect(errorBodySchema.parse(unsupported.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses NUL and lone surrogates at the schema instead of reaching the database', async () => {
    for (const token of ['robin\u0000', '\uD800x']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/client', payload: { token } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    }
    const path = await t.app.inject({ method: 'GET', url: '/api/orders/ab%00cd/status' });
    expect(path.statusCode).toBe(400);
  });

  it('logs a failed query without its parameters', async () => {
    logLines.length = 0;
    // A statement PostgreSQL refuses, carrying a customer's details as a parameter.
    const failing = await t.db
      .execute(sql`select ${'robin.secret@example.com'}::int`)
      .catch((error: unknown) => error);
    t.app.log.error({ err: failing }, 'query failed');
    expect(logLines.join('')).toContain('query failed');
    expect(logLines.join('')).toContain('params: [not logged]');
    expect(logLines.join('')).not.toContain('robin.secret@example.com');
  });
});
