/**
 * A local stand-in for the part of Stripe's API Kassa uses, following
 * Stripe's documented requests and answers: POST /v1/checkout/sessions with a
 * form-encoded body and a Bearer secret key, answered with a Checkout Session
 * object; GET /v1/checkout/sessions/{id} (answered as a completed session,
 * with its PaymentIntent); POST /v1/refunds for a PaymentIntent, all of it
 * or an amount, several up to what the session charged (more is refused
 * as Stripe does). Idempotency-Key
 * answers the first result. Tests point the real SDK at it (STRIPE_API_URL).
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
  /** Refunds by id, as created. */
  refunds: Map<string, Record<string, unknown>>;
  /** The next refund is declined (Stripe's 400 charge_already_refunded-style error). */
  failNextRefund(): void;
  /** The next session create answers this HTTP status (Stripe down: 502) without creating anything. */
  failNextSession(status: number): void;
  /** The next session is created at once but answered only after `ms` (Stripe slow). */
  delayNextSession(ms: number): void;
  close(): Promise<void>;
}

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
  let failRefund = false;
  let failSession: number | null = null;
  let delaySession = 0;
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
      const expirePath = /^\/v1\/checkout\/sessions\/([^/?]+)\/expire$/.exec(request.url ?? '');
      if (request.method === 'POST' && expirePath) {
        const session = sessions.get(decodeURIComponent(expirePath[1]!));
        if (!session) {
          send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
          return;
        }
        // Stripe: only an open session can be expired.
        session.status = 'expired';
        send(200, session);
        return;
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(request.url ?? '');
      if (request.method === 'GET' && sessionPath) {
        const session = sessions.get(decodeURIComponent(sessionPath[1]!));
        if (!session) {
          send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
          return;
        }
        send(200, {
          ...session,
          status: 'complete',
          payment_status: 'paid',
          payment_intent: `pi_${session.id}`,
        });
        return;
      }
      const refundKey = request.headers['idempotency-key'];
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        const known = typeof refundKey === 'string' ? byIdempotencyKey.get(refundKey) : undefined;
        if (known) {
          send(200, known);
          return;
        }
        const intentSession = [...sessions.values()].find(
          (candidate) => `pi_${String(candidate.id)}` === body.payment_intent,
        );
        const charged = Number(intentSession?.amount_total ?? 0);
        const refunded = [...refunds.values()]
          .filter((made) => made.payment_intent === body.payment_intent)
          .reduce((sum, made) => sum + Number(made.amount ?? 0), 0);
        const amount = body.amount === undefined ? charged - refunded : Number(body.amount);
        if (
          !failRefund &&
          intentSession &&
          (refunded >= charged || amount > charged - refunded || !(amount > 0))
        ) {
          send(400, {
            error: {
              type: 'invalid_request_error',
              code: refunded >= charged ? 'charge_already_refunded' : undefined,
              message:
                refunded >= charged
                  ? 'Charge has already been refunded.'
                  : `Refund amount (${amount}) is greater than unrefunded amount on charge (${charged - refunded})`,
            },
          });
          return;
        }
        if (failRefund || typeof body.payment_intent !== 'string') {
          failRefund = false;
          send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Refund refused',
            },
          });
          return;
        }
        const id = `re_${refunds.size + 1}${Math.random().toString(36).slice(2, 10)}`;
        const refund = {
          id,
          object: 'refund',
          payment_intent: body.payment_intent,
          amount,
          reason: body.reason ?? null,
          metadata: body.metadata ?? {},
          status: 'succeeded',
        };
        refunds.set(id, refund);
        if (typeof refundKey === 'string') byIdempotencyKey.set(refundKey, refund);
        send(200, refund);
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        send(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.url})` },
        });
        return;
      }
      if (failSession !== null) {
        const status = failSession;
        failSession = null;
        send(status, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
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
        amount_total: (
          (body.line_items as { price_data?: { unit_amount?: string }; quantity?: string }[] | undefined) ??
          []
        ).reduce(
          (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
          0,
        ),
        currency: (body.line_items as { price_data?: { currency?: string } }[] | undefined)?.[0]?.price_data
          ?.currency,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      sessions.set(id, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, session);
      const delay = delaySession;
      delaySession = 0;
      if (delay > 0) setTimeout(() => send(200, session), delay);
      else send(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    failNextRefund: () => {
      failRefund = true;
    },
    failNextSession: (status) => {
      failSession = status;
    },
    delayNextSession: (ms) => {
      delaySession = ms;
    },
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
