import { centsToAmount } from '@kassa/domain/rules/money';
import { PAYPAL_CURRENCY } from '@kassa/domain/rules/gateway-currency';
import { z } from 'zod';

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  /** PAYPAL_API_URL; default the sandbox, so a misconfigured shop never takes live money by accident. */
  apiUrl: string | undefined;
}

export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const orderSchema = z.object({ id: z.string(), status: z.string() });
const capturedOrderSchema = orderSchema.extend({
  purchase_units: z
    .array(
      z.object({
        payments: z
          .object({ captures: z.array(z.object({ id: z.string(), status: z.string() })).optional() })
          .optional(),
      }),
    )
    .default([]),
});

/**
 * Captures a refund may be asked of: a refunded one too, so a retried request
 * id is answered the refund it made (a new one is refused by PayPal).
 */
const REFUNDABLE_CAPTURE: ReadonlySet<string> = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

export class PayPalError extends Error {
  override name = 'PayPalError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Orders v2 over fetch (PayPal has no official Node SDK for it any more): OAuth client credentials, create, capture, refund. */
export function createPayPalClient(settings: PayPalSettings, fetcher: typeof fetch = fetch) {
  const base = (settings.apiUrl ?? PAYPAL_SANDBOX_URL).replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    // Reused until a minute before PayPal says it expires.
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const response = await fetcher(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new PayPalError(`PayPal OAuth answered ${response.status}`, response.status);
    const body = tokenSchema.parse(await response.json());
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function call(path: string, body: unknown, requestId: string) {
    const response = await fetcher(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        // PayPal's idempotency key: a retried call answers the first call's result.
        'paypal-request-id': requestId,
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new PayPalError(`PayPal ${path} answered ${response.status}`, response.status);
    return orderSchema.parse(await response.json());
  }

  async function read(path: string) {
    const response = await fetcher(`${base}${path}`, {
      headers: { authorization: `Bearer ${await accessToken()}` },
    });
    if (!response.ok) throw new PayPalError(`PayPal ${path} answered ${response.status}`, response.status);
    return capturedOrderSchema.parse(await response.json());
  }

  return {
    /** Creates an order to capture, in EUR: PayPal's wallet currency (decision 0181). */
    createOrder(input: {
      paymentHash: string;
      orderNumber: string;
      amountCents: number;
      description: string;
    }) {
      return call(
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.paymentHash,
              custom_id: input.paymentHash,
              invoice_id: `kassa-${input.orderNumber.replace(/\s/g, '')}-${input.paymentHash.slice(0, 8)}`,
              description: input.description.slice(0, 127),
              amount: { currency_code: PAYPAL_CURRENCY, value: centsToAmount(input.amountCents).toFixed(2) },
            },
          ],
        },
        `kassa-create-${input.paymentHash}`,
      );
    },
    /** Captures an approved order; the fixed request id makes a repeated capture harmless. */
    captureOrder(orderId: string) {
      return call(
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        `kassa-capture-${orderId}`,
      );
    },
    /**
     * Refunds `amountCents` of the capture of an order (Payments v2
     * `POST /v2/payments/captures/{id}/refund` with an amount; a capture
     * partly refunded already can be refunded again up to what is left); the
     * request id makes a retry answer the same refund.
     */
    async refundOrder(orderId: string, requestId: string, amountCents: number) {
      const order = await read(`/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      const capture = order.purchase_units
        .flatMap((unit) => unit.payments?.captures ?? [])
        .find((entry) => REFUNDABLE_CAPTURE.has(entry.status));
      if (!capture) throw new PayPalError(`PayPal order ${orderId} has no completed capture to refund`, 422);
      return call(
        `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
        { amount: { currency_code: PAYPAL_CURRENCY, value: centsToAmount(amountCents).toFixed(2) } },
        requestId,
      );
    },
  };
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;
export type PayPalOrder = z.infer<typeof orderSchema>;
