import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema.ts';
import { deleteOthers } from './delete-others.ts';
import { rowKey } from '../row-key.ts';
import type { WriteContext } from './write-context.ts';

/** The file's client groups, matched by key; the others are deleted. Answers each key's id. */
export async function writeClientGroups(
  ctx: WriteContext,
  groups: CatalogueFile['client_groups'],
): Promise<Map<string, number>> {
  const { tx, organisationId } = ctx;
  const ids = new Map<string, number>();
  for (const group of groups) {
    const found = ctx.current?.groups.find((g) => rowKey(g, 'group') === group.key);
    const values = {
      organisationId,
      key: group.key,
      name: ctx.text(group.name),
      allowInvoice: group.invoice,
    };
    if (found) {
      await tx.update(s.clientGroups).set(values).where(eq(s.clientGroups.id, found.id));
      ids.set(group.key, found.id);
    } else {
      const [row] = await tx.insert(s.clientGroups).values(values).returning({ id: s.clientGroups.id });
      ids.set(group.key, row!.id);
    }
  }
  await deleteOthers(tx, s.clientGroups, organisationId, [...ids.values()]);
  return ids;
}
