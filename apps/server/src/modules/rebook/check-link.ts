import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import type { Db } from '../../db/client.ts';
import type { Organisation } from '../../lib/context.ts';
import { rebookErrors } from './rebook-errors.ts';
import { findOrderId, secretOpens } from './validate-rebook.ts';

/**
 * GET /api/rebook/secret/{secret}/{order} ({order} the public reference): the entry link is valid when
 * rebooking is on and the secret is the shop's or that order's own. The
 * order is not looked at otherwise: validation comes with the e-mail.
 */
export async function checkRebookLink(
  db: Db,
  organisation: Organisation,
  secret: string,
  typedReference: string,
): Promise<void> {
  if (!organisation.rebookingAllowed) throw rebookErrors.linkInvalid();
  const reference = parseOrderReference(typedReference);
  const orderId = reference === undefined ? undefined : await findOrderId(db, organisation.id, reference);
  if (!(await secretOpens(db, organisation, secret, orderId))) throw rebookErrors.linkInvalid();
}
