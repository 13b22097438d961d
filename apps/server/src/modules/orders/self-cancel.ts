/**
 * A visitor cancels tickets or extras of their own paid order by the
 * product's cancellation policy (decisions 0258, 0259). The quote and the
 * cancellation are the staff machinery's (engine/refunds): the plan says
 * which units and what their share of what was paid is, the policy says
 * how much of that share comes back and where it may go. The cancellation
 * quotes again inside cancelOrderItems' transaction, under the order's
 * lock, on the plan as it is then — never an amount from the client.
 */
import type {
  SelfCancellation,
  SelfCancelMethod,
  SelfCancelRequest,
  SelfCancelResult,
} from '@kassa/domain/contract/self-cancel';
import { centsToAmount } from '@kassa/domain/rules/money';
import {
  quoteCancellation,
  type CancellationPolicy,
  type CancellationQuote,
} from '@kassa/domain/rules/cancellation-policy';
import { largestRemainder } from '@kassa/domain/rules/refund-share';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { instantOfWallClock } from '@kassa/domain/rules/wall-clock';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  admissions,
  audiences,
  orderLines,
  orders,
  organisations,
  plots,
  products,
  tickets,
  upsells,
} from '../../db/schema.ts';
import {
  cancelOrderItems,
  type PolicyAmount,
  type RefundDeps,
} from '../../engine/refunds/cancel-order-items.ts';
import {
  planCancellation,
  type CancelChoice,
  type CancellationPlan,
} from '../../engine/refunds/plan-cancellation.ts';
import { AppError } from '../../lib/errors.ts';
import { pickText } from '../../lib/language.ts';

type OrderRow = typeof orders.$inferSelect;

/** The stable codes of a visitor's own cancellation; the storefront translates each (selfCancel.errors). */
export const selfCancelErrors = {
  orderNotFound: () => new AppError(404, 'ORDER_NOT_FOUND', 'No order has this hash'),
  orderKind: () =>
    new AppError(
      409,
      'SELF_CANCEL_ORDER_KIND',
      'Only ticket orders can be cancelled here, not vouchers or subscriptions',
    ),
  notPaid: (status: string) =>
    new AppError(409, 'SELF_CANCEL_NOT_PAID', 'Only a paid order can be cancelled here', status),
  noPolicy: () =>
    new AppError(409, 'SELF_CANCEL_NO_POLICY', 'This product cannot be cancelled online; ask the shop'),
  outsidePolicy: () =>
    new AppError(
      409,
      'SELF_CANCEL_OUTSIDE_POLICY',
      'It is too close to the visit to cancel online; ask the shop',
    ),
  visitStarted: () =>
    new AppError(409, 'SELF_CANCEL_VISIT_STARTED', 'The visit has begun; it cannot be cancelled any more'),
  badChoice: (what: string) =>
    new AppError(400, 'SELF_CANCEL_BAD_CHOICE', 'The tickets or lines are not written as expected', what),
  methodNeeded: () =>
    new AppError(400, 'SELF_CANCEL_METHOD_NEEDED', 'Choose where the money goes: your payment or a voucher'),
  methodNotOffered: (method: string) =>
    new AppError(
      409,
      'SELF_CANCEL_METHOD_NOT_OFFERED',
      'The cancellation terms do not offer this refund',
      method,
    ),
};

export async function orderByHash(db: Db, hash: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.hash, hash));
  if (!order) throw selfCancelErrors.orderNotFound();
  return order;
}

async function shopOf(db: Db | Tx, organisationId: number) {
  const [shop] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!shop) throw new Error(`organisation ${organisationId} is gone`);
  return shop;
}

/** The order as a visitor may cancel it at all: a paid product order. */
function checkOrder(order: OrderRow): void {
  if (order.kind !== 'PRODUCT') throw selfCancelErrors.orderKind();
  if (order.status === 'CANCELLED')
    throw new AppError(409, 'ORDER_ALREADY_CANCELLED', 'The order is cancelled already');
  if (order.status !== 'PAID') throw selfCancelErrors.notPaid(order.status);
}

interface LineTerms {
  policy: CancellationPolicy | null;
  /** The visit's instant (ms); null for a product without days. */
  visitAt: number | null;
}

/**
 * Each line's policy and visit: a ticket line's own product and slot; an
 * extra follows the order's earliest visit and its product's policy
 * (decision 0259), as an extra is bought for the visit.
 */
async function lineTerms(tx: Db | Tx, orderId: number, timeZone: string): Promise<Map<number, LineTerms>> {
  const rows = await tx
    .select({
      id: orderLines.id,
      kind: orderLines.kind,
      policy: products.cancellationPolicy,
      date: plots.date,
      start: plots.startTime,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(plots, eq(plots.id, orderLines.plotId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const visitOf = (row: (typeof rows)[number]) =>
    row.date ? instantOfWallClock(row.date, (row.start ?? '00:00').slice(0, 5), timeZone) : null;
  const tickets = rows
    .filter((row) => row.kind === 'PRODUCT')
    .map((row) => ({ policy: row.policy ?? null, visitAt: visitOf(row) }))
    .sort((a, b) => (a.visitAt ?? Infinity) - (b.visitAt ?? Infinity));
  const first = tickets[0] ?? { policy: null, visitAt: null };
  const terms = new Map<number, LineTerms>();
  for (const row of rows)
    terms.set(row.id, row.kind === 'PRODUCT' ? { policy: row.policy ?? null, visitAt: visitOf(row) } : first);
  return terms;
}

/** The policy's answer for a plan: lines grouped by policy and visit, each group quoted on its share. */
export interface PlanQuote extends PolicyAmount {
  shareCents: number;
  feePercent: number;
  methods: SelfCancelMethod[];
  termsEndAt: Date;
  policy: CancellationPolicy;
}

export async function quotePlan(
  tx: Db | Tx,
  plan: CancellationPlan,
  timeZone: string,
  now: Date,
): Promise<PlanQuote> {
  const terms = await lineTerms(tx, plan.order.id, timeZone);
  const groups = new Map<string, { terms: LineTerms; indexes: number[] }>();
  plan.lines.forEach((line, index) => {
    const found = terms.get(line.line.id) ?? { policy: null, visitAt: null };
    if (!found.policy || found.visitAt === null) throw selfCancelErrors.noPolicy();
    const key = `${JSON.stringify(found.policy)}@${found.visitAt}`;
    const group = groups.get(key) ?? { terms: found, indexes: [] };
    group.indexes.push(index);
    groups.set(key, group);
  });
  const lineAmounts = plan.lines.map(() => 0);
  let result: PlanQuote | null = null;
  for (const { terms: group, indexes } of groups.values()) {
    const share = indexes.reduce((sum, index) => sum + plan.lines[index]!.amountCents, 0);
    const quote = quoteCancellation(group.policy!, group.visitAt!, now, share);
    if (!quote.ok)
      throw quote.code === 'visit-started'
        ? selfCancelErrors.visitStarted()
        : selfCancelErrors.outsidePolicy();
    const parts = largestRemainder(
      quote.refundCents,
      indexes.map((index) => plan.lines[index]!.amountCents),
    );
    indexes.forEach((index, at) => (lineAmounts[index] = parts[at]!));
    result = merge(result, quote, group.policy!);
  }
  if (!result) throw selfCancelErrors.noPolicy();
  return { ...result, lineAmounts };
}

function merge(into: PlanQuote | null, quote: CancellationQuote, policy: CancellationPolicy): PlanQuote {
  if (!into)
    return {
      amountCents: quote.refundCents,
      lineAmounts: [],
      feeCents: quote.feeCents,
      voucherCents: quote.voucherCents,
      shareCents: quote.shareCents,
      feePercent: quote.feePercent,
      methods: quote.methods,
      termsEndAt: quote.termsEndAt,
      policy,
    };
  return {
    ...into,
    amountCents: into.amountCents + quote.refundCents,
    feeCents: into.feeCents + quote.feeCents,
    voucherCents: into.voucherCents + quote.voucherCents,
    shareCents: into.shareCents + quote.shareCents,
    feePercent: Math.max(into.feePercent, quote.feePercent),
    methods: into.methods.filter((method) => quote.methods.includes(method)),
    termsEndAt: quote.termsEndAt < into.termsEndAt ? quote.termsEndAt : into.termsEndAt,
  };
}

/** `a,b` → ['a','b']; lines `12` or `12:1`. */
export function parseChoice(query: {
  tickets?: string;
  lines?: string;
}): Pick<CancelChoice, 'tickets' | 'lines'> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const split = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  const ticketIds = split(query.tickets);
  if (ticketIds.length > 500 || ticketIds.some((id) => !uuid.test(id)))
    throw selfCancelErrors.badChoice('tickets');
  const lineParts = split(query.lines);
  if (lineParts.length > 200) throw selfCancelErrors.badChoice('lines');
  const lines = lineParts.map((part) => {
    const match = /^(\d{1,9})(?::(\d{1,5}))?$/.exec(part);
    if (!match || Number(match[1]) < 1 || (match[2] !== undefined && Number(match[2]) < 1))
      throw selfCancelErrors.badChoice('lines');
    return match[2] === undefined
      ? { id: Number(match[1]) }
      : { id: Number(match[1]), quantity: Number(match[2]) };
  });
  return {
    ...(ticketIds.length > 0 ? { tickets: ticketIds } : {}),
    ...(lines.length > 0 ? { lines } : {}),
  };
}

/** The order's tickets and extras as the visitor sees them, in the order's language. */
async function orderItems(db: Db, order: OrderRow, shop: typeof organisations.$inferSelect) {
  const lines = await db
    .select({
      id: orderLines.id,
      kind: orderLines.kind,
      quantity: orderLines.quantity,
      cancelled: orderLines.cancelledQuantity,
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
    .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.kind, ['PRODUCT', 'UPSELL'])))
    .orderBy(asc(orderLines.id));
  const orderTickets = await db
    .select({
      id: tickets.id,
      lineId: tickets.orderLineId,
      cancelledAt: tickets.cancelledAt,
      admitted: sql<boolean>`exists (select 1 from ${admissions} a where a.ticket_id = ${tickets}.id
        and a.undone_at is null and a.duplicate_of is null)`,
    })
    .from(tickets)
    .where(eq(tickets.orderId, order.id))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  const pick = (text: Record<string, string | undefined> | null | undefined) =>
    pickText(text, order.language, shop.defaultLanguage);
  const ticketLineIds = new Set(orderTickets.map((ticket) => ticket.lineId));
  return {
    tickets: orderTickets.map((ticket) => {
      const line = lines.find((candidate) => candidate.id === ticket.lineId);
      return {
        id: ticket.id,
        line_id: ticket.lineId,
        title: [pick(line?.product), pick(line?.audience)].filter(Boolean).join(', '),
        date: line?.date ?? null,
        time: line?.start ? line.start.slice(0, 5) : null,
        state: ticket.cancelledAt
          ? ('CANCELLED' as const)
          : ticket.admitted
            ? ('ADMITTED' as const)
            : ('VALID' as const),
      };
    }),
    extras: lines
      .filter((line) => !ticketLineIds.has(line.id) && line.kind === 'UPSELL')
      .map((line) => ({
        line_id: line.id,
        title: pick(line.upsell),
        quantity_left: Math.max(0, line.quantity - line.cancelled),
      })),
  };
}

function policyWire(policy: CancellationPolicy): NonNullable<SelfCancellation['policy']> {
  return {
    free_until_hours: policy.freeUntilHours,
    tiers: policy.tiers.map((tier) => ({ until_hours: tier.untilHours, fee_percent: tier.feePercent })),
    refund_to: policy.refundTo,
    voucher_bonus_percent: policy.voucherBonusPercent ?? 0,
  };
}

/**
 * GET /api/orders/{hash}/cancellation: the order's tickets and extras, and
 * what cancelling the choice (all that is left when none) gives back now —
 * or why it cannot be done online. Writes nothing.
 */
export async function selfCancellation(
  db: Db,
  order: OrderRow,
  choice: Pick<CancelChoice, 'tickets' | 'lines'>,
  now: Date,
): Promise<SelfCancellation> {
  const shop = await shopOf(db, order.organisationId);
  const items = await orderItems(db, order, shop);
  const terms = await lineTerms(db, order.id, shop.timeZone);
  const firstPolicy = [...terms.values()].find((entry) => entry.policy)?.policy ?? null;
  const base = {
    order_number: formatOrderReference(order.reference),
    currency: shop.currency,
    tickets: items.tickets,
    extras: items.extras,
    policy: firstPolicy ? policyWire(firstPolicy) : null,
  };
  const nothingChosen = !choice.tickets?.length && !choice.lines?.length;
  const wanted: Pick<CancelChoice, 'tickets' | 'lines'> = nothingChosen
    ? {
        tickets: items.tickets.filter((ticket) => ticket.state === 'VALID').map((ticket) => ticket.id),
        lines: items.extras
          .filter((extra) => extra.quantity_left > 0)
          .map((extra) => ({ id: extra.line_id })),
      }
    : choice;
  try {
    checkOrder(order);
    if (!firstPolicy) throw selfCancelErrors.noPolicy();
    // Method none: the plan's shares without asking for a payment (the policy says where the money goes).
    const plan = await planCancellation(db, order, { ...wanted, method: 'none' }, shop.currency);
    const quote = await quotePlan(db, plan, shop.timeZone, now);
    return {
      ...base,
      currency: plan.currency,
      policy: policyWire(quote.policy),
      quote: {
        share: centsToAmount(quote.shareCents),
        fee_percent: quote.feePercent,
        fee: centsToAmount(quote.feeCents),
        refund: centsToAmount(quote.amountCents),
        methods: quote.methods,
        voucher_value: centsToAmount(quote.voucherCents),
        terms_end_at: quote.termsEndAt.toISOString(),
        tickets: plan.lines.flatMap((line) => line.ticketIds),
        lines: plan.lines
          .filter((line) => line.ticketIds.length === 0)
          .map((line) => ({ id: line.line.id, quantity: line.quantity })),
      },
      refusal: null,
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    return { ...base, quote: null, refusal: { code: error.code, message: error.message } };
  }
}

/** Where the money goes: the visitor's pick when the policy offers it, the policy's one way otherwise. */
function methodOf(policy: CancellationPolicy, asked: SelfCancelMethod | undefined): SelfCancelMethod {
  const offered: SelfCancelMethod[] =
    policy.refundTo === 'choice' ? ['original', 'voucher'] : [policy.refundTo];
  if (asked === undefined) {
    if (offered.length > 1) throw selfCancelErrors.methodNeeded();
    return offered[0]!;
  }
  if (!offered.includes(asked)) throw selfCancelErrors.methodNotOffered(asked);
  return asked;
}

/**
 * POST /api/orders/{hash}/cancel with a choice: cancels through
 * cancelOrderItems with the visitor as actor and the policy's amount,
 * quoted again inside its transaction (decision 0259).
 */
export async function selfCancel(
  deps: RefundDeps,
  order: OrderRow,
  body: SelfCancelRequest,
  now: Date,
  /** Tests only: the race test's negative control. */
  options: { lockOrder?: boolean } = {},
): Promise<SelfCancelResult> {
  checkOrder(order);
  const shop = await shopOf(deps.db, order.organisationId);
  const terms = await lineTerms(deps.db, order.id, shop.timeZone);
  const policy = [...terms.values()].find((entry) => entry.policy)?.policy;
  if (!policy) throw selfCancelErrors.noPolicy();
  const method = methodOf(policy, body.refund);
  const answer = await cancelOrderItems(
    deps,
    {
      organisationId: order.organisationId,
      orderReference: order.reference,
      choice: { tickets: body.tickets, lines: body.lines, method },
      reason: 'Cancelled by the visitor',
      actor: { kind: 'visitor' },
      now,
      attachCreditNote: true,
      policy: async (tx, plan, at) => {
        // Under the order's lock: the order as it is now, the policy as it is now.
        checkOrder(plan.order);
        const quote = await quotePlan(tx, plan, shop.timeZone, at);
        if (!quote.methods.includes(method)) throw selfCancelErrors.methodNotOffered(method);
        return quote;
      },
    },
    options,
  );
  return {
    status: answer.orderStatus,
    cancelled: {
      tickets: answer.lines.flatMap((line) => line.ticketIds),
      lines: answer.lines.map((line) => ({ id: line.orderLineId, quantity: line.quantity })),
      fee: centsToAmount(answer.feeCents),
      refund: centsToAmount(answer.amountCents),
      method,
      voucher_code: answer.refund?.voucherCode ?? null,
      voucher_value: answer.voucherCents === null ? null : centsToAmount(answer.voucherCents),
      refund_status: answer.refund?.status ?? 'succeeded',
      currency: answer.currency,
    },
  };
}
