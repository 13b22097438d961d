/**
 * A local stand-in for PayPal's REST API as Kassa uses it, following the
 * documented requests and answers: OAuth 2 client credentials
 * (POST /v1/oauth2/token, Basic auth), Orders v2 create, show and capture,
 * Payments v2 capture refund (Bearer token, JSON, PayPal-Request-Id
 * answered idempotently).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayPalRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakePayPal {
  url: string;
  requests: FakePayPalRequest[];
  /** Orders by id with their create body and status. */
  orders: Map<string, { body: Record<string, unknown>; status: string }>;
  /** The next capture is declined (422 INSTRUMENT_DECLINED). */
  declineNextCapture(): void;
  /** Refunds by capture id, with the refund's id. */
  refunds: Map<string, { id: string; requestId: string | undefined }>;
  close(): Promise<void>;
}

export async function startFakePayPal(clientId: string, clientSecret: string): Promise<FakePayPal> {
  const requests: FakePayPalRequest[] = [];
  const orders = new Map<string, { body: Record<string, unknown>; status: string }>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const refunds = new Map<string, { id: string; requestId: string | undefined }>();
  const token = `A21AA-fake-${Math.random().toString(36).slice(2)}`;
  let decline = false;
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  function handle(request: FakePayPalRequest): { status: number; body: unknown } {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      if (request.headers.authorization !== basic || request.body !== 'grant_type=client_credentials')
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: 32400,
          nonce: 'n',
        },
      };
    }
    if (request.headers.authorization !== `Bearer ${token}`)
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    const requestId = request.headers['paypal-request-id'];
    const known = typeof requestId === 'string' ? answered.get(requestId) : undefined;
    if (known) return known;
    let answer: { status: number; body: unknown };
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(request.path);
    const shown = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(request.path);
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
    if (request.method === 'GET' && shown) {
      const id = decodeURIComponent(shown[1]!);
      const order = orders.get(id);
      return order
        ? {
            status: 200,
            body: {
              id,
              status: order.status,
              purchase_units: [
                order.status === 'COMPLETED'
                  ? { payments: { captures: [{ id: `CAP-${id}`, status: 'COMPLETED' }] } }
                  : {},
              ],
            },
          }
        : { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } };
    }
    if (request.method === 'POST' && refund) {
      const captureId = decodeURIComponent(refund[1]!);
      const captured = [...orders.entries()].some(
        ([id, order]) => `CAP-${id}` === captureId && order.status === 'COMPLETED',
      );
      if (!captured)
        answer = {
          status: 404,
          body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
        };
      else if (refunds.has(captureId))
        answer = {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] },
        };
      else {
        const id = `REF-${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
        refunds.set(captureId, { id, requestId: typeof requestId === 'string' ? requestId : undefined });
        answer = { status: 201, body: { id, status: 'COMPLETED' } };
      }
    } else if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      const id = `5O${Math.random().toString(36).slice(2, 14).toUpperCase()}`;
      orders.set(id, { body, status: 'CREATED' });
      answer = {
        status: 201,
        body: {
          id,
          status: 'CREATED',
          links: [
            { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
          ],
        },
      };
    } else if (request.method === 'POST' && capture) {
      const order = orders.get(decodeURIComponent(capture[1]!));
      if (!order)
        answer = {
          status: 404,
          body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
        };
      else if (decline) {
        decline = false;
        answer = {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] },
        };
      } else if (order.status === 'COMPLETED')
        answer = {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
        };
      else {
        order.status = 'COMPLETED';
        const units = order.body.purchase_units as { amount: unknown; reference_id: string }[];
        answer = {
          status: 201,
          body: {
            id: capture[1],
            status: 'COMPLETED',
            purchase_units: [
              {
                reference_id: units[0]!.reference_id,
                payments: {
                  captures: [{ id: `CAP-${capture[1]}`, status: 'COMPLETED', amount: units[0]!.amount }],
                },
              },
            ],
          },
        };
      }
    } else answer = { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    if (typeof requestId === 'string') answered.set(requestId, answer);
    return answer;
  }

  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      };
      requests.push(recorded);
      const answer = handle(recorded);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    orders,
    refunds,
    declineNextCapture: () => {
      decline = true;
    },
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
