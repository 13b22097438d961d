/**
 * The audit log as staff read it (decision 0246): the whole log for
 * managers (GET /api/staff/audit), and one order's entries on its order page.
 * An order is named by its public reference, never its internal id.
 */
import { z } from 'zod';
import { isCalendarDate } from '../rules/wall-clock.ts';
import { idSchema, isoDateSchema } from './common.ts';
import { text } from './text.ts';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO instant. */
  at: text(),
  /** Who acted, as they were then: a staff member's e-mail, "visitor" or "system". */
  actor: text(),
  /** The staff member's name now, when the actor is a staff account that still exists. */
  actor_name: text().nullable(),
  /** Dotted and stable: order.cancel, staff.add, … */
  action: text(),
  /** The order's public reference, when the entry is about an order. */
  order: text().nullable(),
  /** What else it was about, readable: a staff account's e-mail, a slot. */
  subject: text().nullable(),
  /** The changed fields only, before and after. */
  before: z.record(text(), z.unknown()).nullable(),
  after: z.record(text(), z.unknown()).nullable(),
  amount_cents: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Entries per page of the log. */
export const AUDIT_PAGE_SIZE = 50;

const shopDateSchema = isoDateSchema.refine(isCalendarDate, 'not a calendar date');

export const auditQuerySchema = z.object({
  /** An action (staff.add) or a group of them (staff). */
  action: text()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.-]*$/, 'a dotted action name')
    .optional(),
  /** Entries of this staff account only. */
  staff: idSchema.optional(),
  /** Entries about the order with this reference (spaces and dashes as people type them). */
  order: text().trim().max(40).optional(),
  /** From this date on, in the shop's time zone (YYYY-MM-DD). */
  from: shopDateSchema.optional(),
  /** Up to and including this date, in the shop's time zone (YYYY-MM-DD). */
  to: shopDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Entries matching the filters, on every page. */
  total: z.number().int(),
  /** Every action the shop's log holds, for the filter. */
  actions: z.array(text()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
