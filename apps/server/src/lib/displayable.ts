import { and, arrayOverlaps, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { categories, ItemState, products, subscriptions, vouchers } from '../db/schema.ts';

/** States the storefront shows (docs/storefront.md §4.1); DRAFT and ARCHIVED are never served. */
export const DISPLAYABLE_STATES: readonly ItemState[] = ['PUBLISHED', 'INVISIBLE'];

type Item = typeof products | typeof subscriptions | typeof vouchers;

/** A category the storefront may show. */
export function displayableCategory(table: typeof categories): SQL {
  return inArray(table.state, [...DISPLAYABLE_STATES]);
}

/**
 * An item this viewer may see: displayable, and either offered to everyone
 * (no group ids) or to one of the viewer's client groups.
 */
export function offeredItem(table: Item, organisationId: number, viewerGroupIds: readonly number[]): SQL {
  const everyone = sql`cardinality(${table.groupIds}) = 0`;
  return and(
    eq(table.organisationId, organisationId),
    inArray(table.state, [...DISPLAYABLE_STATES]),
    viewerGroupIds.length > 0 ? or(everyone, arrayOverlaps(table.groupIds, [...viewerGroupIds])) : everyone,
  )!;
}
