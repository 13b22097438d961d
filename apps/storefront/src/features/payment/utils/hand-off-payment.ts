/**
 * The payment hand-off of spec §4, after an order is made. This issue makes
 * the REDIRECT and no-transaction cases real; FORM (a base64 form posted
 * after 250 ms) and CUSTOM (stripe hosted checkout, paypal buttons) belong
 * to the payments issue and report 'unsupported' until it fills them in here.
 */
import type { Payment } from '@kassa/domain/contract/orders';

export interface HandOffTarget {
  /** In-app navigation (react-router). */
  navigate: (path: string) => void;
  /** Leaves the shop for the gateway's page. */
  assign: (url: string) => void;
}

export type HandOffResult = 'return-page' | 'redirected' | 'unsupported';

export function returnPath(hash: string): string {
  return `/checkout/return/${encodeURIComponent(hash)}`;
}

function redirectUrl(payment: Payment): string | null {
  if (payment.transaction === false) return null;
  const url = payment.transaction.response.url;
  return typeof url === 'string' && url !== '' ? url : null;
}

export function handOffPayment(payment: Payment, target: HandOffTarget): HandOffResult {
  if (payment.transaction === false) {
    target.navigate(returnPath(payment.hash));
    return 'return-page';
  }
  if (payment.type === 'REDIRECT') {
    const url = redirectUrl(payment);
    if (!url) return 'unsupported';
    target.assign(url);
    return 'redirected';
  }
  // FORM and CUSTOM: the payments issue's seam.
  return 'unsupported';
}
