import { z } from 'zod';
import { text } from './text.ts';

/** A price on the wire: a decimal with at most 2 places (docs/storefront.md §9.1). */
export const priceSchema = z.number();

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

export const itemStateSchema = z.enum(['DRAFT', 'PUBLISHED', 'INVISIBLE', 'ARCHIVED']);
export type ItemState = z.infer<typeof itemStateSchema>;

/** Every error the API answers: a stable UPPER_SNAKE code (docs/storefront.md §8). */
export const errorBodySchema = z.object({
  ok: z.literal(false),
  error: z.object({
    code: text(),
    message: text().optional(),
    error_info: text().optional(),
    /**
     * VALIDATION_ERROR: where the request is not valid, and why. Plain strings:
     * a path may repeat a key the client sent, NUL included.
     */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Writes answer { ok: true, response }. */
export function okResponse<T extends z.ZodType>(response: T) {
  return z.object({ ok: z.literal(true), response });
}

/** YYYY-MM-DD */
export const isoDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
