/**
 * The one payment gateway interface (decision 0020). An adapter creates
 * the provider's side of a payment and turns what the provider later sends
 * (a return, a webhook, an approval) into an outcome; what an outcome does
 * to the order is the payments module's business, the same for every adapter.
 */

export const GATEWAY_NAMES = ['test', 'stripe', 'paypal', 'form'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

export type PaymentType = 'REDIRECT' | 'FORM' | 'CUSTOM';

/** What a gateway is told about the payment it is to create. */
export interface PaymentRequest {
  /** Kassa's payment secret: the provider carries it back (reference, metadata). */
  paymentHash: string;
  orderHash: string;
  /** The order number people see: the public reference, grouped (decision 0104), never the internal id. */
  orderNumber: string;
  amountCents: number;
  currency: string;
  language: string;
  /** One line naming what is bought, for the provider's checkout page. */
  description: string;
  /** Absolute URL of the storefront's return page for this order. */
  returnUrl: string;
  /** Absolute URL that records a visitor giving up at the provider, then goes to the return page. */
  cancelUrl: string;
  /** Absolute base URL of this server, for pages Kassa serves itself. */
  baseUrl: string;
}

/** The provider's side of a new payment: the storefront's hand-off and the provider's id. */
export interface CreatedPayment {
  type: PaymentType;
  /** transaction.response of docs/storefront.md §7.8. */
  response: Record<string, unknown>;
  /** The provider's id for this payment (checkout session, PayPal order); null when it has none. */
  providerRef: string | null;
}

export type OutcomeStatus = 'PAID' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** The payment a return or webhook concerns, as Kassa stored it. */
export interface StoredPayment {
  hash: string;
  providerRef: string | null;
}

/** Thrown by handleWebhook when a request is not provably the provider's (signature, age). */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

/** What a provider says happened to a payment. */
export interface PaymentOutcome {
  status: OutcomeStatus;
  /** Finds the payment: Kassa's hash, or the provider's id. */
  payment: { hash: string } | { providerRef: string };
  /** The provider's event id, when it sends one: a replayed event then changes nothing. */
  eventId?: string;
}

/**
 * Money going back to the payer: a payment in full (a late payment that
 * could not be booked, a second payment), or part of it (staff cancelled
 * part of an order, engine/refunds). Several partial refunds of one payment
 * each have their own idempotency key.
 */
export interface RefundRequest {
  paymentHash: string;
  /** The provider's id of the payment (checkout session, PayPal order). */
  providerRef: string | null;
  /** What goes back now: the whole payment or part of it. */
  amountCents: number;
  currency: string;
  /**
   * Why, for the provider's records: a second payment of a paid order is a
   * duplicate; a late payment was not booked; the visitor asked for it, or
   * the shop cancelled (a slot closed).
   */
  reason: 'DUPLICATE' | 'NOT_BOOKED' | 'REQUESTED_BY_CUSTOMER' | 'CANCELLED';
  /** The provider's idempotency key: asked again (a retry, a crash in between), it answers the same refund. */
  idempotencyKey: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** Refunds request.amountCents of a paid payment (all of it or part); answers the provider's refund id. */
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
  /**
   * What the visitor's return says about the payment: the test page's
   * choice, a wallet approval to capture. null when a return proves nothing
   * (Stripe: only its signed webhook does).
   */
  handleReturn(
    payment: StoredPayment,
    input: Readonly<Record<string, string>>,
  ): Promise<PaymentOutcome | null>;
  /**
   * A provider's server-to-server report on the raw body: an outcome, or null
   * for an event Kassa does not act on. Throws WebhookRejected when the
   * request is not provably the provider's.
   */
  handleWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): PaymentOutcome | null;
}

/** For gateways that send no webhooks: every request claiming to be one is refused. */
export function noWebhooks(): never {
  throw new WebhookRejected('this gateway sends no webhooks');
}
