/**
 * The `enrichment` of an order, subscription or voucher request:
 * marketing context the storefront captured on the visit's first page
 * (campaign tags, referrer, embedding page). Stored with the order as sent,
 * within the bounds of rules/enrichment (decision 0194).
 */
import { z } from 'zod';
import { ENRICHMENT_PROBLEM_MESSAGES, enrichmentProblem } from '../rules/enrichment.ts';

export const enrichmentSchema = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const problem = enrichmentProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: ENRICHMENT_PROBLEM_MESSAGES[problem] });
});
export type Enrichment = z.infer<typeof enrichmentSchema>;
