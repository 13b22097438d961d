import type { Client } from '@kassa/domain/contract/client';
import { passRedemption } from '@kassa/domain/rules/eligibility';
import { calendarDateAt } from '@kassa/domain/rules/wall-clock';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientSubscriptions, fields, subscriptions } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import type { ClientRow } from './client-sessions.ts';

/**
 * The client as the storefront sees it (docs/storefront.md §3.12): account
 * details, the custom-field values it knows (named in the request's language)
 * and the subscriptions it can still redeem. `token` is the session's bearer
 * token (decision 0120), which the storefront keeps and sends.
 */
export async function clientProfile(
  db: Db,
  ctx: ShopContext,
  client: ClientRow,
  token: string,
  now: Date,
): Promise<Client> {
  const [fieldRows, subscriptionRows] = await Promise.all([
    db
      .select({ id: fields.id, name: fields.name, type: fields.type })
      .from(fields)
      .where(eq(fields.organisationId, ctx.organisation.id))
      .orderBy(asc(fields.sort), asc(fields.id)),
    db
      .select({
        id: clientSubscriptions.id,
        token: clientSubscriptions.token,
        availableRedemptions: clientSubscriptions.availableRedemptions,
        expiresAt: clientSubscriptions.expiresAt,
        subscriptionId: subscriptions.id,
        type: subscriptions.type,
        title: subscriptions.title,
        productIds: subscriptions.productIds,
        redemptions: subscriptions.redemptions,
      })
      .from(clientSubscriptions)
      .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
      // An expired pass cannot be redeemed, and the storefront's eligibility
      // rule (docs/storefront.md §5.8) does not look at expiry, so it is not served at all.
      .where(and(eq(clientSubscriptions.clientId, client.id), gt(clientSubscriptions.expiresAt, now)))
      .orderBy(asc(clientSubscriptions.expiresAt), asc(clientSubscriptions.id)),
  ]);

  return {
    id: client.id,
    name: { first: client.firstName, last: client.lastName },
    email: client.email,
    company: client.company,
    address: client.address,
    city: client.city,
    vat_id: client.vatId,
    token,
    // Only values of fields the organisation still has: a deleted field has no name or type to show.
    fields: fieldRows.flatMap((field) => {
      const value = client.fields[String(field.id)];
      return value === undefined
        ? []
        : [{ id: field.id, name: ctx.text(field.name), value, type: field.type }];
    }),
    subscriptions: subscriptionRows.map((row) => ({
      id: row.id,
      token: row.token,
      type: row.type,
      redeem: passRedemption(row.type),
      available_redemptions: row.availableRedemptions,
      subscription: {
        id: row.subscriptionId,
        title: ctx.text(row.title),
        products: row.productIds,
        redemptions: row.redemptions,
        expiration: { date: calendarDateAt(row.expiresAt, ctx.organisation.timeZone) },
      },
    })),
  };
}
