/** GET/POST /api/client and GET /api/groups/{clientId} (spec §3 Client). */
import { z } from 'zod';
import { text } from './text.ts';

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.object({ first: text(), last: text() }),
  email: text(),
  company: text().nullable(),
  address: text().nullable(),
  city: text().nullable(),
  vat_id: text().nullable(),
  token: text(),
  fields: z.array(
    z.object({
      id: z.number().int(),
      name: text(),
      value: z.union([text(), z.boolean()]),
      type: text(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      token: text(),
      type: z.enum(['PHYSICAL', 'ONLINE']),
      /** -1 is unlimited. */
      available_redemptions: z.number().int(),
      subscription: z.object({
        id: z.number().int(),
        title: text(),
        products: z.array(z.number().int()),
        redemptions: z.number().int(),
        /** YYYY-MM-DD in the organisation's time zone; expired passes are not listed. */
        expiration: z.object({ date: text() }),
      }),
    }),
  ),
});
export type Client = z.infer<typeof clientSchema>;

export const clientLoginSchema = z.object({ token: text().min(1).max(200) });

export const clientGroupSchema = z.object({ id: z.number().int(), name: text() });
export const clientGroupListSchema = z.array(clientGroupSchema);
export type ClientGroup = z.infer<typeof clientGroupSchema>;
