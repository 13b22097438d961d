import type { Db } from '../../db/client.ts';
import type { Organisation } from '../../lib/context.ts';
import { rebookErrors } from './rebook-errors.ts';
import { secretOpens } from './validate-rebook.ts';

/**
 * GET /api/rebook/secret/{secret}/{order}: the entry link is valid when
 * rebooking is on and the secret is the shop's or that order's own. The
 * order is not looked at otherwise: validation comes with the e-mail.
 */
export async function checkRebookLink(
  db: Db,
  organisation: Organisation,
  secret: string,
  orderId: number,
): Promise<void> {
  if (!organisation.rebookingAllowed) throw rebookErrors.linkInvalid();
  if (!(await secretOpens(db, organisation, secret, orderId))) throw rebookErrors.linkInvalid();
}
