import type { PaymentOutcome } from '../../payments/gateway.ts';
import type { OrderKinds } from '../order-kind.ts';
import { afterSettle } from './after-settle.ts';
import type { RefundContext } from './refund-payment.ts';
import { settlePayment, type SettleResult } from './settle-payment.ts';

export interface SettleContext extends RefundContext {
  /** The shop's public address, for links in the mails the settlement queues. */
  baseUrl: string;
  /** The registered order kinds (wiring/order-kinds.ts): what a paid order confirms and fulfils. */
  kinds: OrderKinds;
}

/**
 * What every gateway report goes through (test page, webhook, capture,
 * cancel): the settlement, then after its commit the refund it may call for.
 */
export async function settleOutcome(
  context: SettleContext,
  gateways: readonly string[],
  outcome: PaymentOutcome,
  now: Date,
): Promise<SettleResult> {
  const result = await settlePayment(context.db, context.kinds, gateways, outcome, now, {
    baseUrl: context.baseUrl,
  });
  await afterSettle(context, result);
  return result;
}
