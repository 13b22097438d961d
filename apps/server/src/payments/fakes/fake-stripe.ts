/**
 * A local stand-in for the part of Stripe's API Kassa uses, following
 * Stripe's documented requests and answers: POST /v1/checkout/sessions with a
 * form-encoded body and a Bearer secret key, answered with a Checkout Session
 * object. Tests point the real SDK at it (STRIPE_API_URL).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';

export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  /** Sessions by id, as created. */
  sessions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = qs.parse(raw) as Record<string, unknown>;
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${requests.length}`,
        });
        response.end(JSON.stringify(json));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        send(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.url})` },
        });
        return;
      }
      // Stripe answers a repeated Idempotency-Key with the first result.
      const key = request.headers['idempotency-key'];
      const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (known) {
        send(200, known);
        return;
      }
      const id = `cs_test_${sessions.size + 1}${Math.random().toString(36).slice(2, 10)}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        currency: (body.line_items as { price_data?: { currency?: string } }[] | undefined)?.[0]?.price_data
          ?.currency,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      sessions.set(id, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, session);
      send(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
