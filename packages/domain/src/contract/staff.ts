/** The staff side of the door (/api/staff/…, decisions 0090–0094): login, scans, today, offline list. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../rules/order-status.ts';
import { STAFF_ROLES } from '../rules/staff-role.ts';
import { text } from './text.ts';

export const staffLoginSchema = z.object({
  email: text().trim().min(3).max(320),
  password: text().min(1).max(1024),
  /** A solved captcha, when the server asked for one after failed logins (SECURITY_CAPTCHA_REQUIRED). */
  captcha: text().max(10_000).nullable().optional(),
});
export type StaffLogin = z.infer<typeof staffLoginSchema>;

export const staffUserSchema = z.object({
  id: z.number().int(),
  email: text(),
  name: text(),
  /** What the staff app offers; the server checks it again on every route. */
  role: z.enum(STAFF_ROLES),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffSessionSchema = z.object({
  token: text(),
  /** ISO instant. */
  expires_at: text(),
  staff: staffUserSchema,
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** A code as scanned or typed: tickets and passes carry 22-character secrets; anything longer is no code. */
export const scanCodeSchema = text().trim().min(1).max(200);

export const scanRequestSchema = z.object({ code: scanCodeSchema });

export const SCAN_RESULTS = [
  'VALID',
  'ALREADY_USED',
  'WRONG_DAY',
  'WRONG_SLOT',
  'REFUNDED',
  'REBOOKED',
  /** The ticket was cancelled by staff (decision 0236): never let in. */
  'CANCELLED',
  'UNKNOWN',
  'PASS_EXPIRED',
  'NO_REDEMPTIONS_LEFT',
] as const;
export type ScanResultCode = (typeof SCAN_RESULTS)[number];

const slotSchema = z.object({
  /** YYYY-MM-DD in the shop's zone, or null for a ticket without a day. */
  date: text().nullable(),
  /** HH:MM, or null. */
  start: text().nullable(),
  end: text().nullable(),
});
export type ScanSlot = z.infer<typeof slotSchema>;

export const scannedTicketSchema = slotSchema.extend({
  /** The public order reference (decision 0104), grouped for reading: never the internal id. */
  order: text(),
  /** The ticket's item within its order (0-based): tickets of one item share its extras. */
  item: z.number().int(),
  product: text(),
  audience: text().nullable(),
  /** The extras bought with the ticket's item: handed out once for the whole item (decision 0185). */
  upsells: z.array(z.object({ title: text(), quantity: z.number().int() })),
  /** The extras went out with another ticket of the item, let in before this scan: nothing to hand out now. */
  upsells_handed_out: z.boolean(),
  /** Tickets of the order let in, this one included when it was. */
  order_admitted: z.number().int(),
  order_tickets: z.number().int(),
});
export type ScannedTicket = z.infer<typeof scannedTicketSchema>;

export const scannedPassSchema = z.object({
  holder: text(),
  /** Image URL of the holder's photo; null shows the default avatar. */
  avatar: text().nullable(),
  subscription: text(),
  /** Redemptions left after this scan; -1 is unlimited. */
  redemptions_left: z.number().int(),
  /** YYYY-MM-DD in the shop's zone. */
  expires: text(),
});
export type ScannedPass = z.infer<typeof scannedPassSchema>;

export const scanResultSchema = z.object({
  result: z.enum(SCAN_RESULTS),
  /** The admission this scan made (VALID), for undo. */
  admission_id: z.number().int().nullable(),
  /** ISO instant until which the admission can be undone. */
  undo_until: text().nullable(),
  ticket: scannedTicketSchema.nullable(),
  pass: scannedPassSchema.nullable(),
  /** ALREADY_USED: the admission that came first. */
  admitted: z.object({ at: text(), by: text() }).nullable(),
  /** REBOOKED: where the booking went. */
  rebooked_to: slotSchema.nullable(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

export const undoResponseSchema = z.object({ ok: z.literal(true) });

/** Admissions a scanner made while offline, sent when it is back (decision 0094). */
export const syncRequestSchema = z.object({
  admissions: z
    .array(z.object({ code: scanCodeSchema, scanned_at: text().datetime({ offset: true }) }))
    .max(5000),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

export const syncResultSchema = z.object({
  results: z.array(
    z.object({
      code: text(),
      result: z.enum(SCAN_RESULTS),
      /** True when the ticket had been let in already: the visitor got in twice. */
      duplicate: z.boolean(),
      ticket: scannedTicketSchema.nullable(),
      admitted: z.object({ at: text(), by: text() }).nullable(),
    }),
  ),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/** Today's valid tickets for offline admission: SHA-256 (hex) of each secret, never the secret. */
export const offlineListSchema = z.object({
  day: text(),
  generated_at: text(),
  tickets: z.array(
    z.object({
      hash: text(),
      admitted: z.boolean(),
      ticket: scannedTicketSchema,
    }),
  ),
});
export type OfflineList = z.infer<typeof offlineListSchema>;

export const todayPlotSchema = z.object({
  plot: z.number().int(),
  product: text(),
  start: text().nullable(),
  end: text().nullable(),
  /** null: no capacity limit. */
  capacity: z.number().int().nullable(),
  sold: z.number().int(),
  reserved: z.number().int(),
  admitted: z.number().int(),
});
export type TodayPlot = z.infer<typeof todayPlotSchema>;

export const todaySchema = z.object({
  day: text(),
  plots: z.array(todayPlotSchema),
  /** Tickets let in twice today by scanners that were offline. */
  /** order: the public order reference, grouped for reading. */
  duplicates: z.array(z.object({ product: text(), order: text(), at: text(), by: text() })),
});
export type Today = z.infer<typeof todaySchema>;

export const orderSearchQuerySchema = z.object({ q: text().trim().min(1).max(320) });

export const TICKET_STATES = ['ADMITTED', 'NOT_ADMITTED', 'VOID'] as const;

export const foundOrderSchema = z.object({
  /** The public order reference (decision 0104): what the customer reads out. */
  reference: text(),
  status: z.enum(ORDER_STATUSES),
  customer: z.object({ name: text(), email: text() }),
  created_at: text(),
  tickets: z.array(
    slotSchema.extend({
      product: text(),
      audience: text().nullable(),
      state: z.enum(TICKET_STATES),
      admitted_at: text().nullable(),
    }),
  ),
});
export type FoundOrder = z.infer<typeof foundOrderSchema>;
export const orderSearchSchema = z.object({ orders: z.array(foundOrderSchema) });
export type OrderSearch = z.infer<typeof orderSearchSchema>;
