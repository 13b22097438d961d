import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { shopDate } from '@kassa/domain/rules/shop-date';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import {
  audiences,
  capacityHolds,
  issuedVouchers,
  orderLines,
  orders,
  organisations,
  plots,
  products,
  refunds,
  tickets,
  upsells,
  type RefundLine,
} from '../../db/schema.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import { pickText } from '../../lib/language.ts';
import { secretToken, voucherCode } from '../../lib/secrets.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import type { Gateways } from '../../payments/gateways.ts';
import { addPlotTickets } from '../door/plot-tallies.ts';
import { cancellationMailKind } from './cancellation-mail.ts';
import { runAfterListeners, runInsideListeners, type ItemsCancelledEvent } from './listeners.ts';
import {
  findOrderByReference,
  notCancelled,
  planCancellation,
  type CancelChoice,
  type CancellationPlan,
} from './plan-cancellation.ts';
import { settleRefund, type RefundView, refundView } from './settle-refund.ts';

export interface RefundDeps {
  db: Db;
  gateways: Gateways;
  log: FastifyBaseLogger;
}

export interface CancelItemsRequest {
  organisationId: number;
  /** The order's public reference, digits only (rules/order-reference parseOrderReference). */
  orderReference: string;
  choice: CancelChoice;
  reason?: string | null;
  /** Told to the visitor in the mail (a closed slot's reason); the staff reason is not. */
  visitorNote?: string | null;
  actor: AuditActor;
  now: Date;
  /**
   * A visitor's own cancellation (decision 0259): what the product's policy
   * gives back for the plan, quoted INSIDE the transaction on the plan as
   * it is under the order's lock; a refusal is thrown from it. Without it
   * the whole share comes back (staff).
   */
  policy?: PolicyQuote;
  /** Attach the credit note of this cancellation to the visitor's mail. */
  attachCreditNote?: boolean;
}

/** What a policy makes of a planned cancellation. */
export interface PolicyAmount {
  /** What comes back: at most the plan's share. */
  amountCents: number;
  /** Per planned line, in the plan's order: its part of amountCents. */
  lineAmounts: number[];
  feeCents: number;
  /** A voucher's value when the money goes to a voucher: amount plus the policy's bonus. */
  voucherCents: number;
}

export type PolicyQuote = (tx: Tx, plan: CancellationPlan, now: Date) => Promise<PolicyAmount>;

/** What a preview or a cancellation answers. */
export interface CancellationAnswer {
  orderNumber: string;
  /** The order's status afterwards (a preview: what it would be). */
  orderStatus: string;
  lines: { orderLineId: number; quantity: number; amountCents: number; ticketIds: string[] }[];
  /** What the cancelled units are worth; the refund is this, or 0 with method none. */
  shareCents: number;
  amountCents: number;
  method: CancelChoice['method'];
  currency: string;
  /** What was paid and what came back before this. */
  paidCents: number;
  refundedBeforeCents: number;
  /** The refund made (null for a preview). */
  refund: RefundView | null;
  /** Kept by a policy's fee (0 for staff). */
  feeCents: number;
  /** A voucher refund's value (amount plus a policy's bonus); null for other methods. */
  voucherCents: number | null;
}

function answer(
  plan: CancellationPlan,
  refund: RefundView | null,
  policy: { feeCents: number; voucherCents: number } | null = null,
): CancellationAnswer {
  return {
    feeCents: policy?.feeCents ?? 0,
    voucherCents: plan.method === 'voucher' ? (policy?.voucherCents ?? plan.amountCents) : null,
    orderNumber: formatOrderReference(plan.order.reference),
    orderStatus: plan.cancelsAll ? 'CANCELLED' : plan.order.status,
    lines: plan.lines.map((line) => ({
      orderLineId: line.line.id,
      quantity: line.quantity,
      amountCents: line.amountCents,
      ticketIds: line.ticketIds,
    })),
    shareCents: plan.shareCents,
    amountCents: plan.amountCents,
    method: plan.method,
    currency: plan.currency,
    paidCents: plan.paidCents,
    refundedBeforeCents: plan.refundedBeforeCents,
    refund,
  };
}

async function shopOf(db: Db | Tx, organisationId: number) {
  const [shop] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!shop) throw new Error(`organisation ${organisationId} is gone`);
  return shop;
}

/** What a cancellation would cancel and give back; nothing is written. */
export async function previewCancellation(db: Db, request: CancelItemsRequest): Promise<CancellationAnswer> {
  const shop = await shopOf(db, request.organisationId);
  const order = await findOrderByReference(db, request.organisationId, request.orderReference, false);
  return answer(await planCancellation(db, order, request.choice, shop.currency), null);
}

/** The cancelled lines as the visitor bought them, in the order's language: "2 × Show, Adult — 10-06-2026 20:00". */
async function itemLabels(
  tx: Tx,
  plan: CancellationPlan,
  shop: typeof organisations.$inferSelect,
): Promise<string[]> {
  const ids = plan.lines.map((line) => line.line.id);
  const rows = await tx
    .select({
      id: orderLines.id,
      product: products.title,
      audience: audiences.name,
      upsell: upsells.title,
      date: plots.date,
      start: plots.startTime,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
    .leftJoin(upsells, eq(upsells.id, orderLines.upsellId))
    .leftJoin(plots, eq(plots.id, orderLines.plotId))
    .where(inArray(orderLines.id, ids));
  const language = plan.order.language;
  return plan.lines.map((line) => {
    const row = rows.find((candidate) => candidate.id === line.line.id);
    const pick = (text: Record<string, string | undefined> | null | undefined) =>
      pickText(text, language, shop.defaultLanguage);
    const name =
      line.line.kind === 'UPSELL'
        ? pick(row?.upsell)
        : [pick(row?.product), pick(row?.audience)].filter(Boolean).join(', ');
    const when = row?.date
      ? ` — ${shopDate(row.date, language, shop.dateFormat)}${row.start ? ` ${row.start.slice(0, 5)}` : ''}`
      : '';
    return `${line.quantity} × ${name}${when}`;
  });
}

/** Gives back the seats of cancelled ticket units: the order's hold on each plot shrinks, released at 0. */
async function releaseSeats(tx: Tx, plan: CancellationPlan): Promise<number[]> {
  const perPlot = new Map<number, number>();
  for (const line of plan.lines) {
    if (line.line.kind !== 'PRODUCT' || line.line.plotId === null) continue;
    perPlot.set(line.line.plotId, (perPlot.get(line.line.plotId) ?? 0) + line.quantity);
  }
  for (const [plotId, seats] of perPlot) {
    const where = and(
      eq(capacityHolds.orderId, plan.order.id),
      eq(capacityHolds.plotId, plotId),
      ne(capacityHolds.status, 'RELEASED'),
    );
    await tx
      .update(capacityHolds)
      .set({
        quantity: sql`greatest(${capacityHolds.quantity} - ${seats}, 0)`,
        status: sql`case when ${capacityHolds.quantity} - ${seats} <= 0 then 'RELEASED' else ${capacityHolds.status} end`,
      })
      .where(where);
  }
  return [...perPlot.keys()];
}

/**
 * What a caller adds to a cancellation, inside its transaction: a
 * withdrawal (decision 0254) checks and ends the vouchers or passes under
 * the order's lock before anything is written, and sends its own mail.
 */
export interface CancelSteps {
  /** Runs after the plan, before anything is written; a throw refuses the cancellation and writes nothing. */
  before?(tx: Tx, plan: CancellationPlan, now: Date): Promise<void>;
  /** The audit action instead of order.cancel / order.cancel_items. */
  auditAction?: string;
  /** Queues the visitor's mail instead of ORDER_CANCELLED. */
  mail?(
    tx: Tx,
    plan: CancellationPlan,
    refund: { id: number; amountCents: number },
    now: Date,
  ): Promise<void>;
}

/**
 * Cancels tickets or lines of a sold order and records what comes back
 * (decisions 0235–0237), in ONE transaction under the order's row lock
 * (FOR UPDATE, as settlement and the door's FOR SHARE read take it): the
 * choice is checked against the order as it is now (a ticket let in meanwhile
 * is refused, CANCEL_TICKET_ADMITTED), the units and tickets are marked
 * cancelled, their seats come back, the refund row is written (`pending`
 * for a gateway refund; `succeeded` for a voucher, issued here, or no
 * money), the audit entry, the visitor's mail and the registered listeners
 * run; the order becomes CANCELLED when nothing of it is left. After the
 * commit the gateway refund runs once with the refund's own idempotency
 * key; its failure leaves the refund `failed` for a retry.
 */
export async function cancelOrderItems(
  deps: RefundDeps,
  request: CancelItemsRequest,
  /** Tests only: without the order's lock two cancellations can both pass their checks (the race tests' negative control). */
  options: { lockOrder?: boolean; steps?: CancelSteps } = {},
): Promise<CancellationAnswer> {
  const steps = options.steps ?? {};
  const { db } = deps;
  const { now } = request;
  const done = await db.transaction(async (tx) => {
    const order = await findOrderByReference(
      tx,
      request.organisationId,
      request.orderReference,
      options.lockOrder ?? true,
    );
    const shop = await shopOf(tx, request.organisationId);
    const planned = await planCancellation(tx, order, request.choice, shop.currency);
    const policy = request.policy ? await request.policy(tx, planned, now) : null;
    const plan = policy ? withPolicyAmount(planned, policy) : planned;
    const voucherCents = policy?.voucherCents ?? plan.amountCents;
    if (steps.before) await steps.before(tx, plan, now);
    // The units and tickets.
    for (const line of plan.lines) {
      await tx
        .update(orderLines)
        .set({ cancelledQuantity: line.line.cancelledQuantity + line.quantity })
        .where(eq(orderLines.id, line.line.id));
      if (line.ticketIds.length > 0) {
        // Off their plots' counts while they still count, in this transaction (decision 0271).
        await addPlotTickets(tx, -1, sql`t.id IN (${sql.join(
          line.ticketIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
        await tx.update(tickets).set({ cancelledAt: now }).where(notCancelled(line.ticketIds));
      }
    }
    const plotIds = await releaseSeats(tx, plan);
    if (plan.cancelsAll) await tx.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, order.id));
    // The money.
    let voucher: { id: number; code: string } | null = null;
    if (plan.method === 'voucher' && plan.amountCents > 0) {
      const code = voucherCode();
      const [issued] = await tx
        .insert(issuedVouchers)
        .values({
          organisationId: order.organisationId,
          orderId: null,
          code,
          initialCents: voucherCents,
          balanceCents: voucherCents,
          expiresAt: null,
          createdAt: now,
        })
        .returning({ id: issuedVouchers.id });
      voucher = { id: issued!.id, code };
    }
    const atGateway = plan.method === 'original' && plan.amountCents > 0;
    const refundLines: RefundLine[] = plan.lines.map((line) => ({
      orderLineId: line.line.id,
      quantity: line.quantity,
      amountCents: line.amountCents,
      ticketIds: line.ticketIds,
    }));
    const { actor } = request;
    const [refund] = await tx
      .insert(refunds)
      .values({
        organisationId: order.organisationId,
        orderId: order.id,
        paymentId: plan.payment?.id ?? null,
        amountCents: plan.amountCents,
        method: plan.method,
        status: atGateway ? 'pending' : 'succeeded',
        gateway: atGateway ? plan.payment!.gateway : null,
        idempotencyKey: `kassa-refund-${secretToken()}`,
        issuedVoucherId: voucher?.id ?? null,
        staffUserId: actor.kind === 'staff' ? actor.staffUserId : null,
        actor: actor.kind === 'staff' ? actor.email : actor.kind,
        reason: request.reason?.trim() || null,
        lines: refundLines,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await appendAudit(tx, {
      organisationId: order.organisationId,
      actor,
      action: steps.auditAction ?? (plan.cancelsAll ? 'order.cancel' : 'order.cancel_items'),
      orderId: order.id,
      subject: `refund ${refund!.id}`,
      before: {
        status: order.status,
        lines: plan.lines.map((line) => ({ id: line.line.id, cancelled: line.line.cancelledQuantity })),
      },
      after: {
        status: plan.cancelsAll ? 'CANCELLED' : order.status,
        lines: plan.lines.map((line) => ({
          id: line.line.id,
          cancelled: line.line.cancelledQuantity + line.quantity,
        })),
        tickets: plan.lines.flatMap((line) => line.ticketIds),
        refund: plan.method,
        ...(policy
          ? { fee_cents: policy.feeCents, voucher_cents: plan.method === 'voucher' ? voucherCents : null }
          : {}),
        ...(request.reason?.trim() ? { reason: request.reason.trim() } : {}),
      },
      amountCents: plan.amountCents,
    });
    if (steps.mail) await steps.mail(tx, plan, refund!, now);
    else
      await enqueueMail(
        tx,
        {
          kind: cancellationMailKind,
          organisationId: order.organisationId,
          payload: {
            to: {
              name: `${order.customer.first_name} ${order.customer.last_name}`.trim(),
              address: order.customer.email,
            },
            shop: shop.name,
            language: order.language,
            orderNumber: formatOrderReference(order.reference),
            all: plan.cancelsAll,
            items: await itemLabels(tx, plan, shop),
            method: plan.method,
            amountCents: plan.amountCents,
            currency: plan.currency,
            voucherCode: voucher?.code ?? null,
            note: request.visitorNote ?? null,
            ...(policy ? { feeCents: policy.feeCents, voucherCents } : {}),
            ...(request.attachCreditNote ? { creditNoteOfRefund: refund!.id } : {}),
          },
        },
        now,
      );
    const event: ItemsCancelledEvent = {
      organisationId: order.organisationId,
      orderId: order.id,
      refundId: refund!.id,
      lines: plan.lines.map((line) => ({
        orderLineId: line.line.id,
        quantity: line.quantity,
        grossCents: line.amountCents,
      })),
      issuedAt: now,
    };
    await runInsideListeners(tx, event);
    return { plan, policy, refund: refund!, event, plotIds, voucherCode: voucher?.code ?? null };
  });
  await runAfterListeners(deps.db, { ...done.event, plotIds: done.plotIds }, (error) =>
    deps.log.error({ err: error, refund: done.refund.id }, 'a listener after a cancellation failed'),
  );
  const refund =
    done.refund.status === 'pending'
      ? await settleRefund(deps, done.refund.id, now)
      : refundView(done.refund, done.voucherCode);
  return answer(done.plan, refund, done.policy);
}

/** The plan with the policy's amount in place of the share (the method none keeps nothing to give). */
function withPolicyAmount(plan: CancellationPlan, policy: PolicyAmount): CancellationPlan {
  if (plan.method === 'none') return plan;
  if (policy.amountCents > plan.shareCents || policy.lineAmounts.length !== plan.lines.length)
    throw new Error('a policy cannot give back more than the share');
  return {
    ...plan,
    amountCents: policy.amountCents,
    lines: plan.lines.map((line, index) => ({ ...line, amountCents: policy.lineAmounts[index]! })),
  };
}
