import { productScheduleSchema, type ProductSchedule } from '@kassa/domain/contract/catalogue-schedule';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productSchedules } from '../../db/schema.ts';

/** A product's stored opening schedule, with the audience key map its AUDIENCE prices use. */
export interface StoredProductSchedule {
  schedule: ProductSchedule;
  /** Audience key → the product's audience id. */
  audienceIds: Record<string, number>;
  /** The last date plots were generated for. */
  generatedUntil: string;
}

/**
 * The schedule `applyProductSchedule` stored for a product (for `shop
 * export`), parsed again since rows outlive deploys; null when it has none.
 */
export async function readProductSchedule(
  db: Db | Tx,
  productId: number,
): Promise<StoredProductSchedule | null> {
  const [row] = await db.select().from(productSchedules).where(eq(productSchedules.productId, productId));
  if (!row) return null;
  return {
    schedule: productScheduleSchema.parse(row.schedule),
    audienceIds: row.audienceIds,
    generatedUntil: row.generatedUntil,
  };
}
