import type { Rebooking, RebookValidateRequest } from '@kassa/domain/contract/rebook';
import type { Db } from '../../db/client.ts';
import type { Organisation } from '../../lib/context.ts';
import { findRebookSecret, rebookSecretOf } from './order-secret.ts';
import { rebookErrors } from './rebook-errors.ts';
import { rebookingData } from './rebooking-data.ts';
import { isRebookable, loadBookedOrder } from './rebookable-order.ts';
import { sameSecret } from './same-secret.ts';

/** The order number people type: digits, tolerating spaces and a leading #. */
function parseOrderNumber(value: string | number): number | undefined {
  const text = String(value).trim().replace(/^#\s*/, '');
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const number = Number(text);
  return number >= 1 && number <= 2_147_483_647 ? number : undefined;
}

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
 * POST /api/rebook/validate (decision 0040): the visitor proves order
 * number + e-mail through a valid entry secret, and gets the rebooking
 * data back. An unknown order and a wrong e-mail answer alike.
 */
export async function validateRebook(
  db: Db,
  organisation: Organisation,
  request: RebookValidateRequest,
  now: Date,
): Promise<Rebooking> {
  if (!organisation.rebookingAllowed) throw rebookErrors.notAllowed();
  const orderId = parseOrderNumber(request.order.id);
  const booked = orderId === undefined ? undefined : await loadBookedOrder(db, organisation.id, orderId);
  if (!(await secretOpens(db, organisation, request.secret, booked?.order.id)))
    throw rebookErrors.secretInvalid();
  if (!booked || normaliseEmail(booked.order.customer.email) !== normaliseEmail(request.order.email))
    throw rebookErrors.notFound();
  if (!isRebookable(organisation, booked, now)) throw rebookErrors.notAllowed();
  return rebookingData(booked, await rebookSecretOf(db, booked.order.id));
}
