import type { refundRequestSchema } from '@kassa/domain/contract/refund-request';
import { formatOrderReference, parseOrderReference } from '@kassa/domain/rules/order-reference';
import {
  refundOrderNumber,
  refundRequestProblemFields,
  validateRefundRequest,
} from '@kassa/domain/rules/refund-request';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { orders, staffRequests } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { refundRequestMailKind } from './refund-request-mail-kind.ts';
import { refundRequestCopyMailKind } from './refund-request-copy-mail.ts';
import type { RefundRequestDetails } from './refund-request-mail.ts';

export type RefundRequestBody = z.output<typeof refundRequestSchema>;

/**
 * Confirmations one address receives a day, from any sender: the address is
 * typed, not proven, so the copy must not become a way to flood someone's
 * inbox from the shop (decision 0195). Requests beyond it still reach the shop.
 */
export const REFUND_COPIES_PER_ADDRESS: RateLimitRule = {
  name: 'faq-mail-copy',
  max: 3,
  windowMs: 24 * 60 * 60_000,
};

/** The shop's order the visitor named, by its public number (decision 0104), for the staff's mail. */
async function namedOrder(
  tx: Db | Tx,
  organisationId: number,
  reference: string | undefined,
  baseUrl: string,
): Promise<(NonNullable<RefundRequestDetails['order']> & { id: number; email: string }) | null> {
  if (reference === undefined) return null;
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, customer: orders.customer })
    .from(orders)
    .where(and(eq(orders.organisationId, organisationId), eq(orders.reference, reference)))
    .limit(1);
  if (!order) return null;
  const { first_name, last_name, email } = order.customer;
  return {
    id: order.id,
    email,
    status: order.status,
    customer: `${`${first_name} ${last_name}`.trim()} <${email}>`,
    url: `${baseUrl}/staff/today?order=${reference}`,
  };
}

/**
 * Checks a refund request with the storefront's own rules and puts its
 * mails in the outbox (the worker sends them): the request to the shop,
 * naming and linking the order, and a confirmation to the visitor in their
 * language. Throws FAQ_DISABLED (404) when the shop has no FAQ, and
 * VALIDATION_ERROR (400) naming the failing fields in error_info.
 */
export async function sendRefundRequest(
  db: Db,
  ctx: ShopContext,
  body: RefundRequestBody,
  now: Date,
  /** The shop's public address (PUBLIC_URL, else the request's), for the link to the order. */
  baseUrl: string,
): Promise<void> {
  const { organisation } = ctx;
  if (!organisation.faqEnabled) throw new AppError(404, 'FAQ_DISABLED', 'This shop has no FAQ');
  const invalid = refundRequestProblemFields(validateRefundRequest(body));
  if (invalid.length > 0) {
    throw new AppError(400, 'VALIDATION_ERROR', 'The refund request is not valid', invalid.join(','));
  }
  const shopEmail = organisation.email?.trim();
  // A setup problem, not the visitor's: logged as a 5xx so staff notice.
  if (!shopEmail) throw new AppError(503, 'SHOP_EMAIL_MISSING', 'The shop has no e-mail address to send to');
  const shop = { name: organisation.name, email: shopEmail };
  // Validated above: the digits of what was typed, without the grouping.
  const digits = refundOrderNumber(body.order_number) ?? body.order_number.trim();
  const reference = parseOrderReference(digits);
  const orderNumber = reference ? formatOrderReference(reference) : digits;
  const email = body.adress.trim();
  await db.transaction(async (tx) => {
    const named = await namedOrder(tx, organisation.id, reference, baseUrl);
    const comment = body.comment?.trim() ?? '';
    // The requests inbox (decision 0239): linked to the order only when the address is the customer's too.
    await tx.insert(staffRequests).values({
      organisationId: organisation.id,
      orderId: named && named.email.trim().toLowerCase() === email.toLowerCase() ? named.id : null,
      orderNumber,
      firstName: body.first_name.trim(),
      lastName: body.last_name.trim(),
      email,
      message: comment,
      language: ctx.language,
      createdAt: now,
    });
    await enqueueMail(
      tx,
      {
        kind: refundRequestMailKind,
        organisationId: organisation.id,
        payload: {
          shop,
          request: {
            firstName: body.first_name.trim(),
            lastName: body.last_name.trim(),
            email,
            orderNumber,
            comment,
            language: ctx.language,
            order: named && { status: named.status, customer: named.customer, url: named.url },
          },
        },
      },
      now,
    );
    const copies = await consumeRateLimit(
      tx,
      REFUND_COPIES_PER_ADDRESS,
      `${organisation.id}:${email.toLowerCase()}`,
      now,
    );
    if (!copies.allowed) return;
    await enqueueMail(
      tx,
      {
        kind: refundRequestCopyMailKind,
        organisationId: organisation.id,
        payload: { to: email, shop, orderNumber, language: ctx.language },
      },
      now,
    );
  });
}
