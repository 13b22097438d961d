/**
 * The requests inbox (decision 0239): refund and cancellation requests sent
 * from the FAQ page, answered by box office staff. GET /api/staff/requests,
 * POST /api/staff/requests/{id}/approve (the cancel route's body),
 * POST /api/staff/requests/{id}/decline.
 */
import { z } from 'zod';
import { cancellationSchema } from './staff-refunds.ts';
import { text } from './text.ts';

export const STAFF_REQUEST_STATUSES = ['open', 'approved', 'declined'] as const;
export const staffRequestStatusSchema = z.enum(STAFF_REQUEST_STATUSES);
export type StaffRequestStatusName = z.infer<typeof staffRequestStatusSchema>;

export const staffRequestsQuerySchema = z.object({
  status: staffRequestStatusSchema.optional(),
});

export const staffRequestSchema = z.object({
  id: z.number().int(),
  /** The order number as the visitor typed it (grouped when it is a reference). */
  order_number: text(),
  /** True when the number and the e-mail address match an order of the shop: the order page can be opened. */
  order_linked: z.boolean(),
  order_status: text().nullable(),
  first_name: text(),
  last_name: text(),
  email: text(),
  message: text(),
  language: text(),
  status: staffRequestStatusSchema,
  decided_by: text().nullable(),
  decided_at: text().nullable(),
  answer: text().nullable(),
  created_at: text(),
});
export type StaffRequest = z.infer<typeof staffRequestSchema>;

export const staffRequestListSchema = z.object({ requests: z.array(staffRequestSchema) });
export type StaffRequestList = z.infer<typeof staffRequestListSchema>;

export const declineRequestSchema = z
  .object({
    /** Told to the visitor in the mail. */
    message: text().trim().min(1).max(2000),
  })
  .strict();
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

export const approveAnswerSchema = z.object({
  request: staffRequestSchema,
  cancellation: cancellationSchema,
});
export type ApproveAnswer = z.infer<typeof approveAnswerSchema>;
