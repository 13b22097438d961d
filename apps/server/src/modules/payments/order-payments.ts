import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { OrderPayments } from '../orders/order-answer.ts';
import { publicBaseUrl } from './base-url.ts';
import { handOffPayment } from './hand-off.ts';
import { usableGateway } from './shop-gateway.ts';

/** The payments module's side of POST /api/orders, for one request. */
export function orderPayments(deps: AppDeps, request: FastifyRequest): OrderPayments {
  const context = {
    db: deps.database.db,
    gateways: deps.gateways,
    log: request.log,
    baseUrl: publicBaseUrl(deps.config, request),
  };
  return {
    gatewayFor: (organisation) =>
      usableGateway(deps.gateways, organisation.paymentGateway, request.log, organisation.currency).name,
    handOff: (paymentHash, fresh) => handOffPayment(context, paymentHash, fresh),
  };
}
