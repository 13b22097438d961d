import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { PaymentOutcome } from '../../payments/gateway.ts';
import { afterSettle } from './after-settle.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import type { RefundContext } from './refund-payment.ts';
import { settlePayment, type SettleResult } from './settle-payment.ts';

export interface SettleContext extends RefundContext {
  /** The shop's public address, for links in the mails the settlement queues. */
  baseUrl: string;
}

/** The settlement's context for one request (also what a hand-off needs). */
export function requestSettleContext(deps: AppDeps, request: FastifyRequest): SettleContext {
  return {
    db: deps.database.db,
    gateways: deps.gateways,
    log: request.log,
    baseUrl: publicBaseUrl(deps.config, request),
  };
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
  const result = await settlePayment(context.db, gateways, outcome, now, { baseUrl: context.baseUrl });
  await afterSettle(context, result);
  return result;
}
