import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clientSubscriptions, subscriptionPasses, subscriptions } from '../../db/schema.ts';

/** A client's subscription found by its renewal hash, with its passes: only the holder's own. */
export async function findHolding(db: Db | Tx, clientId: number, renewalHash: string) {
  const [holding] = await db
    .select({
      id: clientSubscriptions.id,
      clientId: clientSubscriptions.clientId,
      expiresAt: clientSubscriptions.expiresAt,
      renewalHash: clientSubscriptions.renewalHash,
      subscription: {
        id: subscriptions.id,
        slug: subscriptions.slug,
        title: subscriptions.title,
        type: subscriptions.type,
        state: subscriptions.state,
        organisationId: subscriptions.organisationId,
      },
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
    .where(and(eq(clientSubscriptions.renewalHash, renewalHash), eq(clientSubscriptions.clientId, clientId)))
    .limit(1);
  if (!holding) return undefined;
  const passes = await db
    .select()
    .from(subscriptionPasses)
    .where(eq(subscriptionPasses.clientSubscriptionId, holding.id))
    .orderBy(asc(subscriptionPasses.id));
  return { ...holding, passes };
}
export type Holding = NonNullable<Awaited<ReturnType<typeof findHolding>>>;
