import { z } from 'zod';
import { defineMailKind } from '../../outbox/mail-kind.ts';
import { refundRequestMail } from './refund-request-mail.ts';

/** The REFUND_REQUEST mail to the shop's staff: everything it says was checked and stored with the job. */
export const refundRequestMailKind = defineMailKind({
  name: 'REFUND_REQUEST',
  payload: z.object({
    shop: z.object({ name: z.string(), email: z.string() }),
    request: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      orderNumber: z.string(),
      comment: z.string(),
      language: z.string(),
      order: z
        .object({ status: z.string(), customer: z.string(), url: z.string().max(2000) })
        .nullable()
        .optional(),
    }),
  }),
  render: async (_context, { shop, request }) => refundRequestMail(shop, request),
});
