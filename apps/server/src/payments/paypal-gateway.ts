import { PAYPAL_CURRENCY } from '@kassa/domain/rules/gateway-currency';
import { noWebhooks, type PaymentGateway } from './gateway.ts';
import {
  createPayPalClient,
  PayPalError,
  type PayPalClient,
  type PayPalOrder,
  type PayPalSettings,
} from './paypal-client.ts';

/**
 * PayPal Orders v2 (type CUSTOM): the storefront shows PayPal's buttons for
 * the order created here; on approval it asks the server to capture.
 */
export function createPayPalGateway(
  settings: PayPalSettings,
  client: PayPalClient = createPayPalClient(settings),
): PaymentGateway {
  return {
    name: 'paypal',
    async createPayment(request) {
      // The amount is sent as euros: another currency's would be charged wrongly. usableGateway
      // refuses such a payment before it is written (decision 0181); this is the last guard.
      if (request.currency !== PAYPAL_CURRENCY)
        throw new Error(`PayPal charges in ${PAYPAL_CURRENCY} only, not ${request.currency}`);
      const order = await client.createOrder(request);
      return {
        type: 'CUSTOM',
        response: { orderId: order.id, clientId: settings.clientId, currency: PAYPAL_CURRENCY },
        providerRef: order.id,
      };
    },
    // The approval: capture the PayPal order; PAID only when PayPal says COMPLETED.
    async handleReturn(payment) {
      const paypalOrderId = payment.providerRef;
      if (!paypalOrderId) return null;
      let captured: PayPalOrder;
      try {
        captured = await client.captureOrder(paypalOrderId);
      } catch (error) {
        // 422: PayPal refused this capture (card declined, order not approved): the payment failed, try again.
        if (error instanceof PayPalError && error.status === 422)
          return { status: 'FAILED', payment: { providerRef: paypalOrderId } };
        throw error;
      }
      // Only a completed capture is an event to remember: anything else may still be retried.
      return captured.status === 'COMPLETED'
        ? { status: 'PAID', payment: { providerRef: paypalOrderId }, eventId: `capture:${paypalOrderId}` }
        : { status: 'FAILED', payment: { providerRef: paypalOrderId } };
    },
    async refund(request) {
      if (!request.providerRef) throw new Error('a PayPal payment without its PayPal order id');
      if (request.currency !== PAYPAL_CURRENCY)
        throw new Error(`PayPal refunds in ${PAYPAL_CURRENCY} only, not ${request.currency}`);
      const refund = await client.refundOrder(
        request.providerRef,
        request.idempotencyKey,
        request.amountCents,
      );
      return { refundRef: refund.id };
    },
    // Capture answers synchronously; PayPal's own webhooks are not needed for it.
    handleWebhook: noWebhooks,
  };
}
