import { createHash } from 'node:crypto';
import {
  noWebhooks,
  type PaymentGateway,
  type PaymentOutcome,
  type RefundRequest,
  type StoredPayment,
} from './gateway.ts';

/** The hosted page of the built-in test gateway, relative to the server's root. */
export function testPaymentPath(paymentHash: string): string {
  return `/pay/test/${encodeURIComponent(paymentHash)}`;
}

/**
 * The built-in gateway (the default): Kassa serves a page marked as test
 * mode with Pay, Fail and Cancel, so a fresh install sells end to end with
 * no provider account. The URL stays relative: the page is on this server.
 */
export function createTestGateway(): PaymentGateway {
  return {
    name: 'test',
    async createPayment(request) {
      return { type: 'REDIRECT', response: { url: testPaymentPath(request.paymentHash) }, providerRef: null };
    },
    handleReturn: async (payment, input) => testPageReturn(payment, input),
    handleWebhook: noWebhooks,
    refund: testRefund,
  };
}

/** No money moved on Kassa's own page: the refund is only recorded, under a reference of its own. */
export async function testRefund(request: RefundRequest): Promise<{ refundRef: string }> {
  // A whole payment is refunded once; parts of it each under their own key.
  if (request.reason === 'DUPLICATE' || request.reason === 'NOT_BOOKED')
    return { refundRef: `test-refund-${request.paymentHash}` };
  return {
    refundRef: `test-refund-${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 16)}`,
  };
}

/** The button pressed on Kassa's own page (the test gateway's, and the form gateway's after its check). */
export function testPageReturn(
  payment: StoredPayment,
  input: Readonly<Record<string, string>>,
): PaymentOutcome | null {
  const action = input.action;
  if (!(TEST_PAGE_ACTIONS as readonly string[]).includes(action ?? '')) return null;
  return { status: testPageOutcome(action as TestPageAction), payment: { hash: payment.hash } };
}

/** What a visitor chose on the test page. */
export const TEST_PAGE_ACTIONS = ['pay', 'fail', 'cancel'] as const;
export type TestPageAction = (typeof TEST_PAGE_ACTIONS)[number];

export function testPageOutcome(action: TestPageAction): 'PAID' | 'FAILED' | 'CANCELLED' {
  return action === 'pay' ? 'PAID' : action === 'fail' ? 'FAILED' : 'CANCELLED';
}
