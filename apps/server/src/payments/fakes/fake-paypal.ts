/**
 * A local stand-in for PayPal's REST API as Kassa uses it, following the
 * documented requests and answers: OAuth 2 client credentials
 * (POST /v1/oauth2/token, Basic auth), Orders v2 create, show and capture,
 * Payments v2 capture refund, full (empty body) or partial (an amount),
 * several per capture up to what was captured (Bearer token, JSON,
 * PayPal-Request-Id answered idempotently). A capture shows COMPLETED,
 * PARTIALLY_REFUNDED or REFUNDED, as PayPal's does.
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
  /** The last refund by capture id, with the refund's id. */
  refunds: Map<string, { id: string; requestId: string | undefined }>;
  /** Every refund made, in order, with its amount in cents. */
  refundList: { captureId: string; id: string; requestId: string | undefined; cents: number }[];
  /** The next refund answers this HTTP status (PayPal down: 503) without refunding. */
  failNextRefund(status: number): void;
  close(): Promise<void>;
}

export async function startFakePayPal(clientId: string, clientSecret: string): Promise<FakePayPal> {
  const requests: FakePayPalRequest[] = [];
  const orders = new Map<string, { body: Record<string, unknown>; status: string }>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const refunds = new Map<string, { id: string; requestId: string | undefined }>();
  const refundList: FakePayPal['refundList'] = [];
  let failRefund: number | null = null;
  const token = `A21AA-fake-${Math.random().toString(36).slice(2)}`;
  let decline = false;
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  /** What the order's capture took, in cents (its purchase unit's amount). */
  function captureCents(body: Record<string, unknown>): number {
    const units = body.purchase_units as { amount?: { value?: string } }[] | undefined;
    return Math.round(Number(units?.[0]?.amount?.value ?? 0) * 100);
  }

  function captureStatus(orderId: string, body: Record<string, unknown>): string {
    const refunded = refundList
      .filter((made) => made.captureId === `CAP-${orderId}`)
      .reduce((sum, made) => sum + made.cents, 0);
    if (refunded === 0) return 'COMPLETED';
    return refunded >= captureCents(body) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  }

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
                  ? { payments: { captures: [{ id: `CAP-${id}`, status: captureStatus(id, order.body) }] } }
                  : {},
              ],
            },
          }
        : { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } };
    }
    if (request.method === 'POST' && refund) {
      const captureId = decodeURIComponent(refund[1]!);
      const entry = [...orders.entries()].find(
        ([id, order]) => `CAP-${id}` === captureId && order.status === 'COMPLETED',
      );
      const captured = entry ? captureCents(entry[1].body) : 0;
      const refunded = refundList
        .filter((made) => made.captureId === captureId)
        .reduce((sum, made) => sum + made.cents, 0);
      const asked = request.body
        ? (JSON.parse(request.body) as { amount?: { value?: string } }).amount
        : undefined;
      const cents = asked?.value === undefined ? captured - refunded : Math.round(Number(asked.value) * 100);
      if (failRefund !== null) {
        answer = { status: failRefund, body: { name: 'SERVICE_UNAVAILABLE' } };
        failRefund = null;
        return answer;
      }
      if (!entry)
        answer = {
          status: 404,
          body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
        };
      else if (refunded >= captured)
        answer = {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] },
        };
      else if (!(cents > 0) || cents > captured - refunded)
        answer = {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] },
        };
      else {
        const id = `REF-${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
        const requestIdText = typeof requestId === 'string' ? requestId : undefined;
        refunds.set(captureId, { id, requestId: requestIdText });
        refundList.push({ captureId, id, requestId: requestIdText, cents });
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
    refundList,
    failNextRefund: (status) => {
      failRefund = status;
    },
    declineNextCapture: () => {
      decline = true;
    },
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
