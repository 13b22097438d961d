/**
 * Every order kind, registered with the engine where the app is wired
 * (decision 0215): the engine imports no kind, and the settlement reaches
 * a kind's fulfilment and stock check through this record, by the order's
 * `kind`. A Record over OrderKind, so a kind added to the schema without a
 * plan here does not compile. buildApp puts it in AppDeps.
 */
import type { OrderKinds } from '../engine/order-kind.ts';
import { productOrders } from '../modules/orders/product-orders.ts';
import { subscriptionOrders } from '../modules/subscriptions/subscription-orders.ts';
import { voucherOrders } from '../modules/vouchers/voucher-orders.ts';

export const ORDER_KIND_PLANS: OrderKinds = {
  PRODUCT: productOrders,
  SUBSCRIPTION: subscriptionOrders,
  VOUCHER: voucherOrders,
};
