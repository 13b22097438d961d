import type { Rebooking, RebookValidateRequest } from '@kassa/domain/contract/rebook';
import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { consumeRateLimit, peekRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import type { Organisation } from '../../lib/context.ts';
import { findRebookSecret, rebookSecretOf } from './order-secret.ts';
import { rebookErrors } from './rebook-errors.ts';
import { rebookingData } from './rebooking-data.ts';
import { loadBookedOrder, rebookRefusal } from './rebookable-order.ts';
import { sameSecret } from './same-secret.ts';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Whether `secret` opens rebooking for the order: the shop's public
 * rebooking secret (any order; the visitor still proves the e-mail) or
 * the order's own. Constant-time compares either way.
 */
export async function secretOpens(
  db: Db,
  organisation: Organisation,
  secret: string,
  orderId: number | undefined,
): Promise<boolean> {
  const own = orderId === undefined ? undefined : await findRebookSecret(db, orderId);
  const shop = sameSecret(secret, organisation.rebookingSecret);
  const order = sameSecret(secret, own?.secret);
  return shop || order;
}

/**
 * Failed lookups of one order reference, from any number of IPs (decision
 * 0104): past 10 in an hour the reference is refused, right e-mail or not,
 * so a botnet cannot try e-mail addresses against a reference it has seen.
 */
export const REBOOK_REFERENCE_LIMIT: RateLimitRule = {
  name: 'rebook-reference',
  max: 10,
  windowMs: 60 * 60_000,
};

/** The order of `organisationId` with public reference `reference`, if any. */
export async function findOrderId(
  db: Db,
  organisationId: number,
  reference: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.organisationId, organisationId)));
  return row?.id;
}

/**
 * POST /api/rebook/validate (decisions 0040, 0104): the visitor proves the
 * order reference + e-mail through a valid entry secret, and gets the
 * rebooking data back. A reference whose check digit does not match is
 * answered without a lookup; an unknown order and a wrong e-mail answer
 * alike, and both count against the reference's failure budget.
 */
export async function validateRebook(
  db: Db,
  organisation: Organisation,
  request: RebookValidateRequest,
  now: Date,
): Promise<Rebooking> {
  if (!organisation.rebookingAllowed) throw rebookErrors.disabled();
  const reference = parseOrderReference(request.order.id);
  const subject = reference === undefined ? undefined : `${organisation.id}:${reference}`;
  if (
    subject !== undefined &&
    (await peekRateLimit(db, REBOOK_REFERENCE_LIMIT, subject, now)) >= REBOOK_REFERENCE_LIMIT.max
  )
    throw rebookErrors.referenceLocked();
  const orderId = reference === undefined ? undefined : await findOrderId(db, organisation.id, reference);
  const booked = orderId === undefined ? undefined : await loadBookedOrder(db, organisation.id, orderId);
  if (!(await secretOpens(db, organisation, request.secret, booked?.order.id)))
    throw rebookErrors.secretInvalid();
  if (!booked || normaliseEmail(booked.order.customer.email) !== normaliseEmail(request.order.email)) {
    if (subject !== undefined) await consumeRateLimit(db, REBOOK_REFERENCE_LIMIT, subject, now);
    throw rebookErrors.notFound();
  }
  const refusal = rebookRefusal(organisation, booked, now);
  if (refusal) throw refusal;
  return rebookingData(booked, await rebookSecretOf(db, booked.order.id));
}
