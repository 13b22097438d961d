import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { SettleContext } from '../../engine/settlement/settle-outcome.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';

/** The settlement's context for one request (also what a hand-off needs). */
export function requestSettleContext(deps: AppDeps, request: FastifyRequest): SettleContext {
  return {
    db: deps.database.db,
    gateways: deps.gateways,
    log: request.log,
    baseUrl: publicBaseUrl(deps.config, request),
    kinds: deps.orderKinds,
  };
}
