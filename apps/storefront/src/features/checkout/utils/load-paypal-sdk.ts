/**
 * PayPal's JS SDK, loaded on demand (docs/storefront.md §4.13: provider
 * scripts load only when needed), once per client id, with the wallet
 * currency EUR (§9.1).
 */

export interface PayPalButtonsOptions {
  createOrder: () => Promise<string> | string;
  onApprove: () => Promise<void> | void;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
}

export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): {
    render(container: HTMLElement): Promise<void>;
    close?: () => Promise<void>;
  };
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';

const loading = new Map<string, Promise<PayPalNamespace>>();

export function paypalSdkUrl(clientId: string): string {
  const query = new URLSearchParams({ 'client-id': clientId, currency: 'EUR', intent: 'capture' });
  return `${PAYPAL_SDK_URL}?${query.toString()}`;
}

export function loadPayPalSdk(clientId: string, doc: Document = document): Promise<PayPalNamespace> {
  const cached = loading.get(clientId);
  if (cached) return cached;
  const promise = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = paypalSdkUrl(clientId);
    script.async = true;
    script.onload = () => {
      const paypal = doc.defaultView?.paypal;
      if (paypal) resolve(paypal);
      else reject(new Error('PayPal SDK loaded without window.paypal'));
    };
    script.onerror = () => {
      // A later attempt may work (network back): forget the failed one.
      loading.delete(clientId);
      script.remove();
      reject(new Error('PayPal SDK could not be loaded'));
    };
    doc.head.append(script);
  });
  loading.set(clientId, promise);
  return promise;
}
