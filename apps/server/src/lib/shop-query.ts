import { text } from '@kassa/domain/contract/text';
import { z } from 'zod';

/**
 * The query every shop read accepts: `?language=` (requestLanguage in
 * lib/language.ts reads it). Other keys are ignored, not rejected, so a
 * cache-busting parameter never breaks a read.
 */
export const shopQuerySchema = z.object({ language: text().max(35).optional() });
