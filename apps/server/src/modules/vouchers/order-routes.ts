import {
  createVoucherOrderRequestSchema,
  createVoucherOrderResponseSchema,
} from '@kassa/domain/contract/voucher-orders';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { registerOrderRoute } from '../checkout/order-route.ts';
import { voucherOrderAnswer, voucherOrders } from './voucher-orders.ts';

/** POST /api/vouchers: the order engine with the voucher kind (decision 0110). */
export async function voucherOrderRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  registerOrderRoute(app, deps, {
    path: '/vouchers',
    summary: 'Buy gift vouchers, or simulate the order',
    body: createVoucherOrderRequestSchema,
    response: createVoucherOrderResponseSchema,
    plan: voucherOrders,
    answer: voucherOrderAnswer,
  });
}
