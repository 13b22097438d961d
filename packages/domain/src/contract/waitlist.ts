/**
 * The waiting list of a full plot (decision 0252): POST
 * /api/products/{id}/waitlist joins it, GET /api/staff/plots/{id}/waitlist
 * shows it to staff. A visitor is never told their place in line.
 */
import { z } from 'zod';
import { idSchema, okResponse } from './common.ts';
import { WAITLIST_MAX_QUANTITY } from '../rules/waitlist.ts';
import { text } from './text.ts';

export { WAITLIST_MAX_QUANTITY };

export const joinWaitlistRequestSchema = z.object({
  plotId: idSchema,
  quantity: z.number().int().min(1).max(WAITLIST_MAX_QUANTITY),
  email: text().min(3).max(254),
  language: text().max(10),
});
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequestSchema>;

export const waitlistStatusSchema = z.enum(['WAITING', 'OFFERED', 'CLAIMED', 'LAPSED']);

export const joinWaitlistAnswerSchema = okResponse(
  z.object({
    entry: z.object({
      plotId: z.number(),
      quantity: z.number(),
      email: text(),
      status: waitlistStatusSchema,
    }),
  }),
);
export type JoinWaitlistAnswer = z.infer<typeof joinWaitlistAnswerSchema>;

/**
 * GET /api/waitlist/offers/{token}: what an offer's mail link holds, so the
 * storefront presets the product page (decision 0261). 404
 * WAITLIST_OFFER_NOT_FOUND, 409 WAITLIST_OFFER_USED / WAITLIST_OFFER_LAPSED.
 */
export const waitlistOfferSchema = okResponse(
  z.object({
    offer: z.object({
      productId: z.number(),
      plotId: z.number(),
      date: text().nullable(),
      quantity: z.number(),
      expiresAt: text(),
    }),
  }),
);
export type WaitlistOfferAnswer = z.infer<typeof waitlistOfferSchema>;
export const waitlistOfferParamsSchema = z.object({ token: text().min(16).max(200) });

export const staffWaitlistEntrySchema = z.object({
  id: z.number(),
  /** 1 for the first in line; offered, claimed and lapsed entries have none. */
  position: z.number().nullable(),
  email: text(),
  quantity: z.number(),
  language: text(),
  status: waitlistStatusSchema,
  createdAt: text(),
  offerExpiresAt: text().nullable(),
});
export const staffWaitlistSchema = z.object({
  plot: z.object({
    id: z.number(),
    product: text(),
    date: text().nullable(),
    startTime: text().nullable(),
    capacity: z.number().nullable(),
  }),
  entries: z.array(staffWaitlistEntrySchema),
});
export type StaffWaitlist = z.infer<typeof staffWaitlistSchema>;
