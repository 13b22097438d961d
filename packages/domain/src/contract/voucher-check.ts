/** GET /api/voucher/check/{code} (docs/storefront.md §2.16, §7.2). */
import { z } from 'zod';
import { text } from './text.ts';
import { isoDateSchema, priceSchema } from './common.ts';

/**
 * Any string: a malformed code is answered like an unknown one (404
 * VOUCHER_NOT_FOUND), never with a validation error that would tell them apart.
 */
export const voucherCheckParamsSchema = z.object({ code: text() });
/** The captcha widget's payload, once too many wrong codes came from this visitor (SECURITY_ codes). */
export const voucherCheckQuerySchema = z.object({ captcha: text().max(10_000).optional() });

export const voucherCheckSchema = z.object({
  /** Credit left on the code, a decimal. */
  credit: priceSchema,
  /** The last day the code can be used (YYYY-MM-DD, shop's time zone); null never expires. */
  expiration: isoDateSchema.nullable(),
  /** The code expired: the credit can no longer be spent. Computed by the server's clock. */
  expired: z.boolean(),
});
export type VoucherCheck = z.infer<typeof voucherCheckSchema>;
