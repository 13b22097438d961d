import type { refundRequestSchema } from '@kassa/domain/contract/refund-request';
import { refundRequestProblemFields, validateRefundRequest } from '@kassa/domain/rules/refund-request';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';

export type RefundRequestBody = z.output<typeof refundRequestSchema>;

/**
 * Checks a refund request with the storefront's own rules and puts its
 * mail to the shop in the outbox (the worker sends it). Throws FAQ_DISABLED (404) when the shop has no FAQ, and
 * VALIDATION_ERROR (400) naming the failing fields in error_info.
 */
export async function sendRefundRequest(
  db: Db,
  ctx: ShopContext,
  body: RefundRequestBody,
  now: Date,
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

  await enqueueMail(
    db,
    {
      kind: 'REFUND_REQUEST',
      organisationId: organisation.id,
      payload: {
        shop: { name: organisation.name, email: shopEmail },
        request: {
          firstName: body.first_name.trim(),
          lastName: body.last_name.trim(),
          email: body.adress.trim(),
          orderNumber: body.order_number.trim(),
          comment: body.comment?.trim() ?? '',
          language: ctx.language,
        },
      },
    },
    now,
  );
}
