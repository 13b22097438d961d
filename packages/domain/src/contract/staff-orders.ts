/**
 * Orders behind the counter (decisions 0230–0233): the box office's order
 * search (GET /api/staff/orders), an order's page (GET /api/staff/orders/{number}),
 * resending its mails, correcting its customer, marking an invoice paid and
 * a slot's attendee list. An order is named by its public reference
 * (decision 0104), never its internal id.
 */
import { z } from 'zod';
import { ORDER_KINDS } from '../rules/order-kind.ts';
import { ORDER_STATUSES } from '../rules/order-status.ts';
import { isCalendarDate } from '../rules/wall-clock.ts';
import { idSchema, isoDateSchema } from './common.ts';
import { auditEntrySchema } from './staff-audit.ts';
import { refundSchema } from './staff-refunds.ts';
import { text } from './text.ts';

const shopDateSchema = isoDateSchema.refine(isCalendarDate, 'not a calendar date');

/** Rows per page of the order search. */
export const ORDER_SEARCH_PAGE_SIZE = 25;

export const staffOrderQuerySchema = z.object({
  /** An order number (spaces as printed or not), an e-mail or its start, a name or its start, a phone number. */
  q: text().trim().max(320).optional(),
  /** Orders with a ticket for this day (YYYY-MM-DD, the shop's calendar). */
  visit: shopDateSchema.optional(),
  /** Orders with a ticket for this slot (plot id). */
  plot: idSchema.optional(),
  /** Orders with a line of this product. */
  product: idSchema.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Bought from this day on (the shop's calendar). */
  from: shopDateSchema.optional(),
  /** Bought up to and including this day. */
  to: shopDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type StaffOrderQuery = z.input<typeof staffOrderQuerySchema>;

export const staffOrderRowSchema = z.object({
  /** The public order number, digits only; shown grouped (formatOrderReference). */
  reference: text(),
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(ORDER_KINDS),
  customer: z.object({ name: text(), email: text() }),
  total_cents: z.number().int(),
  /** The first day the order has tickets for, or null (vouchers, passes, open tickets). */
  visit_date: text().nullable(),
  /** ISO instant. */
  created_at: text(),
});
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>;

export const staffOrderPageSchema = z.object({
  orders: z.array(staffOrderRowSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Whether a next page has rows (no total: counting every match is what makes searches slow). */
  has_more: z.boolean(),
});
export type StaffOrderPage = z.infer<typeof staffOrderPageSchema>;

/** The path parameter: the order number as printed, spaces or not. */
export const orderNumberParamsSchema = z.object({ number: text().trim().min(1).max(40) });

export const TICKET_DOOR_STATES = ['ADMITTED', 'NOT_ADMITTED', 'CANCELLED', 'VOID'] as const;

export const orderCustomerFieldSchema = z.object({
  /** The shop's field id (the key of the answer in `customer.fields`). */
  id: text(),
  label: text(),
  type: text(),
  value: z.union([text(), z.boolean()]),
});

export const staffOrderDetailSchema = z.object({
  reference: text(),
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(ORDER_KINDS),
  language: text(),
  currency: text(),
  on_invoice: z.boolean(),
  created_at: text(),
  paid_at: text().nullable(),
  expires_at: text().nullable(),
  totals: z.object({
    subtotal_cents: z.number().int(),
    discount_cents: z.number().int(),
    additions_cents: z.number().int(),
    rebook_credit_cents: z.number().int(),
    total_cents: z.number().int(),
  }),
  coupon_codes: z.array(text()),
  /** For an order of a company: its invoice and credit notes as EN 16931 e-invoices (decision 0244), invoice first. */
  einvoices: z.array(z.object({ number: text(), url: text() })).optional(),
  customer: z.object({
    first_name: text(),
    last_name: text(),
    email: text(),
    /** The answer of the shop's phone field(s), or null. */
    phone: text().nullable(),
    company: text().nullable(),
    vat_id: text().nullable(),
    address: text().nullable(),
    city: text().nullable(),
    /** Every answer the customer gave to the shop's own fields, phone included. */
    fields: z.array(orderCustomerFieldSchema),
  }),
  lines: z.array(
    z.object({
      /** The line's id: what cancelling part of an order names. */
      id: z.number().int(),
      kind: text(),
      name: text(),
      /** The item of the cart the line belongs to (0-based): an upsell goes with its item's tickets. */
      item: z.number().int(),
      plot_id: z.number().int().nullable(),
      date: text().nullable(),
      start: text().nullable(),
      end: text().nullable(),
      audience: text().nullable(),
      quantity: z.number().int(),
      unit_cents: z.number().int(),
      total_cents: z.number().int(),
      /** Units of the line cancelled by staff or the visitor (decision 0236). */
      cancelled_quantity: z.number().int(),
      /** ACTIVE while the order holds what it bought (paid, invoiced, reserved or pending), else VOID. */
      status: z.enum(['ACTIVE', 'VOID']),
    }),
  ),
  tickets: z.array(
    z.object({
      /** The ticket's id (never its code: the code is what opens the door). */
      id: text(),
      line_id: z.number().int(),
      product: text(),
      audience: text().nullable(),
      date: text().nullable(),
      start: text().nullable(),
      state: z.enum(TICKET_DOOR_STATES),
      admitted_at: text().nullable(),
      /** The staff member who let it in (name, or e-mail when no name), null when not in or unknown. */
      admitted_by: text().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      gateway: text(),
      /** The gateway's id (checkout session, PayPal order, bank reference). */
      provider_ref: text().nullable(),
      amount_cents: z.number().int(),
      currency: text(),
      status: text(),
      refund_ref: text().nullable(),
      created_at: text(),
    }),
  ),
  mails: z.array(
    z.object({
      kind: text(),
      /** The address it went to when staff chose one; null: the order's e-mail at the time. */
      to: text().nullable(),
      at: text(),
      status: text(),
      sent_at: text().nullable(),
    }),
  ),
  /** The mail kinds staff may send again for this order (first: the default). */
  resendable: z.array(text()),
  rebookings: z.object({
    /** The order this one was rebooked from. */
    rebook_of: text().nullable(),
    /** Orders this one was rebooked into. */
    rebooked_into: z.array(text()),
  }),
  history: z.array(auditEntrySchema),
  /** Every refund of the order, newest first, with its state (decisions 0236, 0237). */
  refunds: z.array(refundSchema),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

export const resendMailSchema = z.object({
  /** A kind of `resendable`; by default the order's first. */
  mail: text().trim().max(60).optional(),
  /** Another address (a corrected one); by default the order's e-mail. */
  to: z.email().max(254).optional(),
});
export const resendAnswerSchema = z.object({ mail: text(), to: text() });
export type ResendAnswer = z.infer<typeof resendAnswerSchema>;

export const customerCorrectionSchema = z
  .object({
    first_name: text().trim().min(1).max(100).optional(),
    last_name: text().trim().max(100).optional(),
    email: z.email().max(254).optional(),
    /** Written to the shop's (first) phone field. */
    phone: text().trim().max(40).optional(),
    /** Answers by field id; an empty string clears one. */
    fields: z.record(text().max(20), z.union([text().max(1000), z.boolean()])).optional(),
  })
  .strict();
export type CustomerCorrection = z.input<typeof customerCorrectionSchema>;

export const markPaidSchema = z.object({
  /** The bank transfer's reference, kept with the payment. */
  reference: text().trim().max(200).optional(),
});

export const attendeeListSchema = z.object({
  plot: z.object({
    id: z.number().int(),
    product: text(),
    date: text().nullable(),
    start: text().nullable(),
    end: text().nullable(),
  }),
  /** Labels of the custom fields that have answers, in the shop's order (the columns). */
  fields: z.array(z.object({ id: text(), label: text() })),
  attendees: z.array(
    z.object({
      order: text(),
      name: text(),
      email: text(),
      status: z.enum(ORDER_STATUSES),
      /** Tickets per audience, e.g. [{ audience: 'Adult', quantity: 2 }]. */
      audiences: z.array(z.object({ audience: text(), quantity: z.number().int() })),
      tickets: z.number().int(),
      admitted: z.number().int(),
      extras: z.array(z.object({ title: text(), quantity: z.number().int() })),
      /** Answers by field id. */
      fields: z.record(text(), text()),
    }),
  ),
});
export type AttendeeList = z.infer<typeof attendeeListSchema>;
