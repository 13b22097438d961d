/**
 * What an order is for (decision 0225): tickets of products, a subscription,
 * or voucher codes. Defined here once for the database column and the
 * contracts that show it (My account, receipts).
 */
export const ORDER_KINDS = ['PRODUCT', 'SUBSCRIPTION', 'VOUCHER'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
