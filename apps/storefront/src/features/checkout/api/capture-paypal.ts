import { apiRequest } from '@/lib/api-client';

interface CaptureAnswer {
  ok: true;
  response: { status: string; hash: string };
}

/** POST /api/payments/paypal/capture: the server captures the approved PayPal order; answers the order hash. */
export async function capturePayPal(paymentHash: string): Promise<CaptureAnswer['response']> {
  const answer = await apiRequest<CaptureAnswer>('/payments/paypal/capture', {
    method: 'POST',
    body: { hash: paymentHash },
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/payment')).paypalCaptureAnswerSchema
      : undefined,
  });
  return answer.response;
}
