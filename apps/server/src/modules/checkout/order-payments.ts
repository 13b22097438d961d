import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { OrderPayments } from '../../engine/placement/order-answer.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { handOffPayment } from '../../engine/hand-off/hand-off.ts';
import { usableGateway } from '../../engine/hand-off/shop-gateway.ts';

/** The payment side of a new order of any kind (POST /api/orders, /vouchers, …), for one request. */
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
