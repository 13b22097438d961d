import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedJson } from './cached-json.ts';

describe('cachedJson (decisions 0269, 0272)', () => {
  it('sends an answer object as its UTF-8 JSON bytes, made once and handed out again for the same object', () => {
    const { serialize } = cachedJson();
    const answer = { title: 'Escape room: The Curator’s Secret', price: 27.5 };
    const first = serialize(answer) as unknown as Buffer;
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(JSON.parse(first.toString('utf8'))).toEqual(answer);
    // The byte length, not the string's: ’ is three bytes in UTF-8.
    expect(first.length).toBe(Buffer.byteLength(JSON.stringify(answer)));
    expect(serialize(answer)).toBe(first);
    // Another object (the next cache period's answer) is serialized afresh.
    expect(serialize({ ...answer, price: 30 })).not.toBe(first);
  });

  it('keeps the bytes of a rebuilt answer that came out the same, so nothing is written or compressed again (decision 0284)', async () => {
    const { serialize, send } = cachedJson();
    const build = () => ({
      products: Array.from({ length: 60 }, (_, id) => ({ id, title: `Boat tour ${id}` })),
    });
    const first = build();
    const rebuilt = build();
    expect(rebuilt).not.toBe(first);
    expect(serialize(rebuilt)).toBe(serialize(first));
    // The compressed copy is the one written for the first answer, not a second one (gzip: no best copy replaces it).
    const copies: Buffer[] = [];
    const app = Fastify({ logger: false });
    let answer: object = first;
    app.get('/answer', async (request, reply) => send(request, reply, answer));
    app.addHook('onSend', (_request, _reply, payload, done) => {
      copies.push(payload as Buffer);
      done(null, payload);
    });
    await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    answer = rebuilt;
    await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(copies).toHaveLength(2);
    expect(copies[1]).toBe(copies[0]);
    // A rebuilt answer that changed gets its own bytes.
    expect(serialize({ ...first, products: [] })).not.toBe(serialize(first));
    await app.close();
  });

  it('writes values that are not objects as plain JSON text', () => {
    const { serialize } = cachedJson();
    expect(serialize(null)).toBe('null');
    expect(serialize('text')).toBe('"text"');
  });

  /** A route like the shared catalogue answers: one kept answer object, negotiated per request. */
  function server(answer: object) {
    const json = cachedJson();
    const app = Fastify({ logger: false });
    app.get('/answer', async (request, reply) => json.send(request, reply, answer));
    return app;
  }
  const big = { products: Array.from({ length: 60 }, (_, id) => ({ id, title: `Museum admission ${id}` })) };

  it('sends a kept answer as brotli or gzip to a request that accepts it, the same bytes each time, and says it varies', async () => {
    const app = server(big);
    const plain = await app.inject({ url: '/answer' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toEqual(big);

    const br = await app.inject({
      url: '/answer',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(big);

    const gzip = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(big);

    // Refused encodings (q=0) are not sent.
    const refused = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(big);
    await app.close();
  });

  it('sends an answer of less than a packet uncompressed', async () => {
    const app = server({ hello: 'world' });
    const response = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ hello: 'world' });
    await app.close();
  });
});
