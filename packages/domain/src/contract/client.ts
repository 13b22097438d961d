/** GET/POST /api/client and GET /api/groups/{clientId} (spec §3 Client). */
import { z } from 'zod';

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.object({ first: z.string(), last: z.string() }),
  email: z.string(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  vat_id: z.string().nullable(),
  token: z.string(),
  fields: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      value: z.union([z.string(), z.boolean()]),
      type: z.string(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      token: z.string(),
      type: z.enum(['PHYSICAL', 'ONLINE']),
      /** -1 is unlimited. */
      available_redemptions: z.number().int(),
      subscription: z.object({
        id: z.number().int(),
        title: z.string(),
        products: z.array(z.number().int()),
        redemptions: z.number().int(),
        /** YYYY-MM-DD in the organisation's time zone; expired passes are not listed. */
        expiration: z.object({ date: z.string() }),
      }),
    }),
  ),
});
export type Client = z.infer<typeof clientSchema>;

/** POST /api/client: a login link's token (spec §7 writes). */
export const clientLoginSchema = z.object({ token: z.string().min(1).max(200) });

/** POST /api/client/login: e-mail and password (decision 0120). */
export const clientPasswordLoginSchema = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1000),
});

/** POST /api/client/login-link: mail me a login link, then come back to `redirect`. */
export const clientLoginLinkRequestSchema = z.object({
  email: z.string().min(1).max(320),
  redirect: z.string().max(2000).optional(),
});

/** The same answer whether or not the e-mail has an account. */
export const clientOkSchema = z.object({ ok: z.literal(true) });

export const clientGroupSchema = z.object({ id: z.number().int(), name: z.string() });
export const clientGroupListSchema = z.array(clientGroupSchema);
export type ClientGroup = z.infer<typeof clientGroupSchema>;

/** A pass of a client's subscription (spec §3 Subscription renewal: pass, profile). */
export const passSchema = z.object({
  id: z.number().int(),
  audience: z.number().int().nullable(),
  profile: z.object({
    name: z.object({ full: z.string() }),
    /** An image URL; the storefront shows a default avatar when null. */
    avatar: z.string().nullable(),
    birthday: z.string().nullable(),
    age: z.number().int().nullable(),
  }),
});
export type Pass = z.infer<typeof passSchema>;

/** GET /api/client/account: the logged-in client's subscriptions and orders (My account, decision 0122). */
export const clientAccountSchema = z.object({
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      subscription: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
      type: z.enum(['PHYSICAL', 'ONLINE']),
      /** -1 is unlimited. */
      available_redemptions: z.number().int(),
      /** YYYY-MM-DD in the organisation's time zone. */
      expiration: z.string(),
      expired: z.boolean(),
      /** The /renew/{hash} link's hash when the subscription can be renewed, else null. */
      renewal: z.string().nullable(),
      passes: z.array(passSchema),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      hash: z.string(),
      kind: z.enum(['PRODUCT', 'SUBSCRIPTION', 'VOUCHER']),
      status: z.string(),
      created_at: z.string(),
      title: z.string(),
      total: z.number(),
      tickets: z.boolean(),
      rebook: z.string().nullable(),
    }),
  ),
});
export type ClientAccount = z.infer<typeof clientAccountSchema>;
