import { and, eq, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type * as s from '../../db/schema.ts';

/** Deletes the shop's rows of `table` the file no longer has: every one not in `keep`. */
export async function deleteOthers(
  tx: Tx,
  table: typeof s.clientGroups | typeof s.categories | typeof s.upsells | typeof s.fields,
  organisationId: number,
  keep: number[],
): Promise<void> {
  await tx
    .delete(table)
    .where(
      and(eq(table.organisationId, organisationId), keep.length ? notInArray(table.id, keep) : undefined),
    );
}
