/** GET/POST /api/client and GET /api/groups/{clientId} (docs/storefront.md §3.12). */
import { z } from 'zod';
import { ORDER_KINDS } from '../rules/order-kind.ts';
import { ORDER_STATUSES } from '../rules/order-status.ts';
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
      /**
       * Where the pass is used (rules/eligibility passRedemption): ONLINE pays
       * for orders in the shop; AT_DOOR is shown at the entrance and cannot
       * pay online, so the storefront tells its holder why tickets cost full price.
       */
      redeem: z.enum(['ONLINE', 'AT_DOOR']),
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

/** POST /api/client: a login link's token (docs/storefront.md §7.4). */
export const clientLoginSchema = z.object({ token: text().min(1).max(200) });

/** POST /api/client/login: e-mail and password (decision 0120). */
export const clientPasswordLoginSchema = z.object({
  email: text().min(1).max(320),
  password: text().min(1).max(1000),
  /** A solved captcha, when the server asked for one after failed logins (SECURITY_CAPTCHA_REQUIRED). */
  captcha: text().max(10_000).nullable().optional(),
});

/** POST /api/client/login-link: mail me a login link, then come back to `redirect`. */
export const clientLoginLinkRequestSchema = z.object({
  email: text().min(1).max(320),
  redirect: text().max(2000).optional(),
});

/** The same answer whether or not the e-mail has an account. */
export const clientOkSchema = z.object({ ok: z.literal(true) });

export const clientGroupSchema = z.object({ id: z.number().int(), name: text() });
export const clientGroupListSchema = z.array(clientGroupSchema);
export type ClientGroup = z.infer<typeof clientGroupSchema>;

/** A pass of a client's subscription (docs/storefront.md §3.19: pass, profile). */
export const passSchema = z.object({
  id: z.number().int(),
  audience: z.number().int().nullable(),
  profile: z.object({
    name: z.object({ full: text() }),
    /** An image URL; the storefront shows a default avatar when null. */
    avatar: text().nullable(),
    birthday: text().nullable(),
    age: z.number().int().nullable(),
  }),
});
export type Pass = z.infer<typeof passSchema>;

/** GET /api/client/account: the logged-in client's subscriptions and orders (My account, decision 0122). */
export const clientAccountSchema = z.object({
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      subscription: z.object({ id: z.number().int(), slug: text(), title: text() }),
      type: z.enum(['PHYSICAL', 'ONLINE']),
      /** -1 is unlimited. */
      available_redemptions: z.number().int(),
      /** YYYY-MM-DD in the organisation's time zone. */
      expiration: text(),
      expired: z.boolean(),
      /** The /renew/{hash} link's hash when the subscription can be renewed, else null. */
      renewal: text().nullable(),
      passes: z.array(passSchema),
    }),
  ),
  orders: z.array(
    z.object({
      /** The public order reference (decision 0104): what My account shows as the order number. */
      reference: text(),
      hash: text(),
      kind: z.enum(ORDER_KINDS),
      status: z.enum(ORDER_STATUSES),
      created_at: text(),
      title: text(),
      total: z.number(),
      tickets: z.boolean(),
      rebook: text().nullable(),
      /**
       * The /withdraw/{hash} page's path while the buyer may still withdraw
       * (decision 0254: a paid voucher or new pass bought within 14 days),
       * else null. Whether something was used is told by the withdrawal itself.
       */
      withdraw: text().nullable(),
    }),
  ),
});
export type ClientAccount = z.infer<typeof clientAccountSchema>;
