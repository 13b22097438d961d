import { createHmac, timingSafeEqual } from 'node:crypto';
import { noWebhooks, type PaymentGateway } from './gateway.ts';
import { testPageReturn, testRefund } from './test-gateway.ts';
import { escapeHtml } from './html.ts';

/** The fields the form posts; the signature covers all of them, in this order. */
export interface FormFields {
  payment: string;
  amount: string;
  currency: string;
  order: string;
}

const SIGNED: readonly (keyof FormFields)[] = ['payment', 'amount', 'currency', 'order'];

export function formPaymentPath(paymentHash: string): string {
  return `/pay/form/${encodeURIComponent(paymentHash)}`;
}

/** HMAC-SHA256 over the fields as name=value lines, hex. */
export function signFormFields(secret: string, fields: FormFields): string {
  const canonical = SIGNED.map((name) => `${name}=${fields[name]}`).join('\n');
  return createHmac('sha256', secret).update(canonical).digest('hex');
}

/** True when the signature is the one these fields were given (compared in constant time). */
export function verifyFormFields(secret: string, fields: FormFields, signature: string): boolean {
  const expected = Buffer.from(signFormFields(secret, fields), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The HTML form the storefront decodes and submits after 250 ms (docs/storefront.md §4.13, §9.1). */
export function paymentFormHtml(action: string, fields: FormFields, signature: string): string {
  const inputs = [...SIGNED.map((name) => [name, fields[name]] as const), ['signature', signature] as const]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}" accept-charset="utf-8">${inputs}</form>`;
}

/**
 * A gateway that takes a POSTed form (type FORM), the way many acquirers
 * do. The form goes to Kassa's own endpoint for it, which checks the HMAC
 * so amounts and references cannot be changed in the browser, then shows
 * the test page's choices: no real provider is behind it.
 */
export function createFormGateway(secret: string): PaymentGateway {
  return {
    name: 'form',
    async createPayment(request) {
      const fields: FormFields = {
        payment: request.paymentHash,
        amount: String(request.amountCents),
        currency: request.currency,
        order: request.orderNumber,
      };
      const html = paymentFormHtml(
        `${request.baseUrl}${formPaymentPath(request.paymentHash)}`,
        fields,
        signFormFields(secret, fields),
      );
      return { type: 'FORM', response: { form: Buffer.from(html).toString('base64') }, providerRef: null };
    },
    // Past its signed POST, the form gateway shows the test page's choices.
    handleReturn: async (payment, input) => testPageReturn(payment, input),
    handleWebhook: noWebhooks,
    // No real provider behind it: the refund is recorded like the test gateway's.
    refund: testRefund,
  };
}
