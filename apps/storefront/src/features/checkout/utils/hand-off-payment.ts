/**
 * The payment hand-off of docs/storefront.md §4.13, after an order is made or
 * when a visitor pays again from the return page:
 * - transaction false: the return page;
 * - REDIRECT: the gateway's URL (the test gateway's page);
 * - FORM: a base64 form posted after 250 ms;
 * - CUSTOM stripe: Stripe's hosted checkout, at the session URL the server created;
 * - CUSTOM paypal: the return page for this payment, which shows PayPal's buttons.
 * No provider script loads here: PayPal's loads on the page that shows its buttons.
 */
import type { Payment } from '@kassa/domain/contract/orders';
import { submitPaymentForm } from './payment-form';

export interface HandOffTarget {
  /** In-app navigation (lib/router/router.tsx useNavigate). */
  navigate: (path: string) => void;
  /** Leaves the shop for the gateway's page. */
  assign: (url: string) => void;
}

export type HandOffResult = 'return-page' | 'redirected' | 'unsupported';

export function returnPath(hash: string): string {
  return `/checkout/return/${encodeURIComponent(hash)}`;
}

function responseString(payment: Payment, key: string): string | null {
  if (payment.transaction === false) return null;
  const value = payment.transaction.response[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function handOffPayment(payment: Payment, target: HandOffTarget, doc?: Document): HandOffResult {
  if (payment.transaction === false) {
    target.navigate(returnPath(payment.hash));
    return 'return-page';
  }
  if (payment.type === 'FORM') {
    const form = responseString(payment, 'form');
    return form && submitPaymentForm(form, doc) ? 'redirected' : 'unsupported';
  }
  if (payment.type === 'CUSTOM' && payment.gateway === 'paypal') {
    if (!responseString(payment, 'orderId')) return 'unsupported';
    target.navigate(returnPath(payment.hash));
    return 'return-page';
  }
  // REDIRECT, and CUSTOM stripe: the Checkout Session's hosted page.
  const url = responseString(payment, 'url');
  if (!url || (payment.type === 'CUSTOM' && payment.gateway !== 'stripe')) return 'unsupported';
  target.assign(url);
  return 'redirected';
}
