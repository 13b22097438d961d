/**
 * POST /api/faq/mail (docs/storefront.md §3.21, §7.5). The fields arrive as
 * strings; the checks themselves are rules/refund-request.ts, which the
 * storefront's form runs too, so the server can name every failing field in
 * error_info instead of stopping at the first type error.
 */
import { z } from 'zod';
import { text } from './text.ts';

/** A missing field becomes '' so the shared rule reports it as REQUIRED. */
const field = text().default('');

export const refundRequestSchema = z.object({
  first_name: field,
  last_name: field,
  /** The visitor's e-mail address (spelled so on the wire, docs/storefront.md §3.21). */
  adress: field,
  order_number: field,
  comment: text().nullish(),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundRequestResponseSchema = z.object({ ok: z.literal(true) });
export type RefundRequestResponse = z.infer<typeof refundRequestResponseSchema>;
