import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { audiences, organisations, products } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

/** What planning a product's plots needs to know about it. */
export interface ScheduleTarget {
  /** The organisation's IANA zone: schedule times are wall-clock times there. */
  timeZone: string;
  /** Audience key → audience id, checked to be the product's own. */
  audienceIds: Record<string, number>;
}

/**
 * The product's time zone, and the audience key map checked against its
 * audiences: a key naming another product's audience is refused, since its
 * price would never be charged.
 */
export async function loadScheduleTarget(
  tx: Tx,
  productId: number,
  audienceIds: Readonly<Record<string, number>>,
): Promise<ScheduleTarget> {
  const [product] = await tx
    .select({ timeZone: organisations.timeZone })
    .from(products)
    .innerJoin(organisations, eq(organisations.id, products.organisationId))
    .where(eq(products.id, productId));
  if (!product) throw notFound('PRODUCT_NOT_FOUND', `No product ${productId}`);
  const own = await tx.select({ id: audiences.id }).from(audiences).where(eq(audiences.productId, productId));
  const ownIds = new Set(own.map((audience) => audience.id));
  const strangers = Object.entries(audienceIds).filter(([, id]) => !ownIds.has(id));
  if (strangers.length > 0) {
    throw badRequest(
      'INVALID_SCHEDULE',
      `audience keys not of product ${productId}: ${strangers.map(([key]) => key).join(', ')}`,
    );
  }
  return { timeZone: product.timeZone, audienceIds: { ...audienceIds } };
}
