import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import {
  kindHasWithdrawalRight,
  withdrawalDeadline,
  withdrawalRefusal,
  type WithdrawalRefusal,
} from '@kassa/domain/rules/withdrawal';
import type { Withdrawal } from '@kassa/domain/contract/withdrawal';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  clientSubscriptions,
  issuedVouchers,
  orderLines,
  orders,
  organisations,
  subscriptionOrders,
  subscriptions,
  voucherValues,
  vouchers,
} from '../../db/schema.ts';
import { cancelOrderItems, type RefundDeps } from '../../engine/refunds/cancel-order-items.ts';
import { passesUsed, purchaseUsed } from '../../engine/refunds/purchase-used.ts';
import type { CancellationPlan } from '../../engine/refunds/plan-cancellation.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pickText } from '../../lib/language.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { withdrawalMailKind } from './withdrawal-mail.ts';

type OrderRow = typeof orders.$inferSelect;
type Shop = typeof organisations.$inferSelect;

const MESSAGES: Record<WithdrawalRefusal | 'WITHDRAWAL_USED', string> = {
  WITHDRAWAL_NOT_ELIGIBLE: 'Tickets for a dated visit cannot be withdrawn from; only vouchers and passes can',
  WITHDRAWAL_NOT_PAID: 'Only a paid order can be withdrawn from',
  WITHDRAWAL_ALREADY_DONE: 'This order was withdrawn from or cancelled already',
  WITHDRAWAL_PERIOD_OVER: 'The 14 days to withdraw from this purchase are over',
  WITHDRAWAL_USED: 'Part of this purchase was used, so it can no longer be withdrawn from',
};

export function withdrawalError(code: WithdrawalRefusal | 'WITHDRAWAL_USED'): AppError {
  return new AppError(409, code, MESSAGES[code]);
}

async function orderByHash(db: Db | Tx, organisationId: number, hash: string, lock: boolean) {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.organisationId, organisationId), eq(orders.hash, hash)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound('ORDER_NOT_FOUND', 'No such order');
  const [shop] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  const [renewal] =
    order.kind === 'SUBSCRIPTION'
      ? await db
          .select({ renews: subscriptionOrders.renewsClientSubscriptionId })
          .from(subscriptionOrders)
          .where(eq(subscriptionOrders.orderId, order.id))
      : [];
  return { order, shop: shop!, renewal: renewal?.renews != null };
}

/** The order's voucher values and subscriptions, as the buyer bought them. */
async function itemLabels(db: Db | Tx, order: OrderRow, shop: Shop): Promise<string[]> {
  const rows = await db
    .select({
      quantity: orderLines.quantity,
      voucher: vouchers.title,
      value: voucherValues.name,
      subscription: subscriptions.title,
    })
    .from(orderLines)
    .leftJoin(voucherValues, eq(voucherValues.id, orderLines.voucherValueId))
    .leftJoin(vouchers, eq(vouchers.id, voucherValues.voucherId))
    .leftJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
    .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.kind, ['VOUCHER_VALUE', 'SUBSCRIPTION'])))
    .orderBy(asc(orderLines.id));
  const pick = (text: Record<string, string | undefined> | null) =>
    pickText(text, order.language, shop.defaultLanguage);
  return rows.map((row) => {
    const name = row.subscription
      ? pick(row.subscription)
      : [pick(row.voucher), pick(row.value)].filter(Boolean).join(', ');
    return `${row.quantity} × ${name}`;
  });
}

/**
 * GET /api/withdrawal/{hash}: whether the buyer can withdraw now, what it
 * would end and what comes back. "Used" is told from a read without locks;
 * the withdrawal checks it again under the lock that ends the vouchers or
 * passes.
 */
export async function withdrawalView(
  db: Db,
  organisationId: number,
  hash: string,
  now: Date,
): Promise<Withdrawal> {
  const { order, shop, renewal } = await orderByHash(db, organisationId, hash, false);
  const [withdrawn] =
    order.kind === 'VOUCHER'
      ? await db
          .select({ at: sql<Date | null>`max(${issuedVouchers.withdrawnAt})` })
          .from(issuedVouchers)
          .where(eq(issuedVouchers.orderId, order.id))
      : await db
          .select({ at: clientSubscriptions.withdrawnAt })
          .from(clientSubscriptions)
          .where(eq(clientSubscriptions.orderId, order.id));
  const right = kindHasWithdrawalRight(order.kind) && !renewal;
  return {
    orderNumber: formatOrderReference(order.reference),
    kind: order.kind,
    items: right ? await itemLabels(db, order, shop) : [],
    // What was paid (and comes back, or came back with the withdrawal).
    amount: order.paidAt ? order.totalCents / 100 : 0,
    currency: shop.currency,
    deadline: right && order.paidAt ? withdrawalDeadline(order.paidAt, shop.timeZone).toISOString() : null,
    refusal:
      withdrawalRefusal({ ...order, renewal }, now, shop.timeZone) ??
      ((await purchaseUsed(db, order)) ? 'WITHDRAWAL_USED' : null),
    withdrawnAt: withdrawn?.at ? new Date(withdrawn.at).toISOString() : null,
  };
}

/** Test-only switches: the race test's negative control and its window. */
export interface WithdrawOptions {
  /** Default true. false reads the vouchers without a lock: a spend can slip in between check and write. */
  locks?: boolean;
  /** Runs after the check that nothing was used, before the codes are ended: the race test's window. */
  afterCheck?: () => Promise<void>;
}

/**
 * Ends the order's voucher codes, under their row locks: refused
 * (WITHDRAWAL_USED) when any was spent from or was withdrawn, else each
 * balance goes to 0, so no order can spend it afterwards. A spend takes the
 * same row (spendVoucherCredit's conditional UPDATE): whichever comes
 * second sees the other's result.
 */
async function endVouchers(tx: Tx, orderId: number, now: Date, options: WithdrawOptions): Promise<void> {
  const query = tx
    .select({
      id: issuedVouchers.id,
      initial: issuedVouchers.initialCents,
      balance: issuedVouchers.balanceCents,
      withdrawnAt: issuedVouchers.withdrawnAt,
    })
    .from(issuedVouchers)
    .where(eq(issuedVouchers.orderId, orderId));
  const codes = options.locks === false ? await query : await query.for('update');
  if (codes.some((code) => code.balance !== code.initial || code.withdrawnAt !== null))
    throw withdrawalError('WITHDRAWAL_USED');
  if (options.afterCheck) await options.afterCheck();
  if (codes.length === 0) return;
  await tx
    .update(issuedVouchers)
    .set({ balanceCents: 0, withdrawnAt: now })
    .where(
      inArray(
        issuedVouchers.id,
        codes.map((code) => code.id),
      ),
    );
}

/**
 * Ends the order's subscription, under its row lock: refused when a
 * booking redeemed it (an order not given up) or a pass was let in at the
 * door; else it expires now, so neither the door nor a booking takes it.
 */
async function endSubscription(tx: Tx, orderId: number, now: Date): Promise<void> {
  const holdings = await tx
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(eq(clientSubscriptions.orderId, orderId))
    .for('update');
  if (holdings.length === 0) return;
  const ids = holdings.map((holding) => holding.id);
  if (await passesUsed(tx, ids)) throw withdrawalError('WITHDRAWAL_USED');
  await tx
    .update(clientSubscriptions)
    .set({ expiresAt: now, withdrawnAt: now })
    .where(inArray(clientSubscriptions.id, ids));
}

/**
 * POST /api/withdrawal/{hash}: the buyer withdraws from a voucher or pass
 * purchase (decision 0254). Through the refund machinery, in one
 * transaction under the order's lock: the period and the order are checked
 * again, the codes or passes are ended (refused when something was used),
 * every line is cancelled with its full share refunded to the original
 * payment, the audit entry `order.withdraw`, the credit note (the refunds
 * listener) and the ORDER_WITHDRAWN mail with the moment in the shop's
 * time; the gateway refund after the commit.
 */
export async function withdrawOrder(
  deps: RefundDeps,
  organisationId: number,
  hash: string,
  now: Date,
  options: WithdrawOptions = {},
): Promise<Withdrawal> {
  const { order, shop, renewal } = await orderByHash(deps.db, organisationId, hash, false);
  const refusal = withdrawalRefusal({ ...order, renewal }, now, shop.timeZone);
  if (refusal) throw withdrawalError(refusal);
  const lines = await deps.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      and(eq(orderLines.orderId, order.id), inArray(orderLines.kind, ['VOUCHER_VALUE', 'SUBSCRIPTION'])),
    );
  const items = await itemLabels(deps.db, order, shop);
  try {
    await withdrawThroughRefunds();
  } catch (error) {
    // A withdrawal that committed meanwhile: the order is cancelled by it.
    if (error instanceof AppError && error.code === 'ORDER_ALREADY_CANCELLED')
      throw withdrawalError('WITHDRAWAL_ALREADY_DONE');
    throw error;
  }
  return withdrawalView(deps.db, organisationId, hash, now);

  async function withdrawThroughRefunds() {
    await cancelOrderItems(
      deps,
      {
        organisationId,
        orderReference: order.reference,
        choice: { withdrawal: true, method: 'original', lines: lines.map((line) => ({ id: line.id })) },
        reason: 'withdrawal',
        actor: { kind: 'visitor' },
        now,
      },
      {
        steps: {
          auditAction: 'order.withdraw',
          async before(tx: Tx, plan: CancellationPlan) {
            // Checked again under the order's lock: a second withdrawal waits and then finds it cancelled.
            const again = withdrawalRefusal({ ...plan.order, renewal }, now, shop.timeZone);
            if (again) throw withdrawalError(again);
            if (plan.order.kind === 'VOUCHER') await endVouchers(tx, plan.order.id, now, options);
            else await endSubscription(tx, plan.order.id, now);
          },
          async mail(tx: Tx, plan: CancellationPlan, refund) {
            await enqueueMail(
              tx,
              {
                kind: withdrawalMailKind,
                organisationId,
                payload: {
                  to: {
                    name: `${plan.order.customer.first_name} ${plan.order.customer.last_name}`.trim(),
                    address: plan.order.customer.email,
                  },
                  shop: shop.name,
                  language: plan.order.language,
                  orderNumber: formatOrderReference(plan.order.reference),
                  items,
                  amountCents: refund.amountCents,
                  currency: plan.currency,
                  withdrawnAt: now.toISOString(),
                  timeZone: shop.timeZone,
                },
              },
              now,
            );
          },
        },
      },
    );
  }
}
