import { clientGroups } from '../db/schema.ts';
import type { SeedContext } from './context.ts';
import { groupTexts, type GroupKey } from './texts/shop.ts';

export type GroupIds = Record<GroupKey, number>;

/** Client groups come first: group-only items name them when inserted. */
export async function seedGroups({ tx, organisationId }: SeedContext): Promise<GroupIds> {
  const rows = await tx
    .insert(clientGroups)
    .values([
      { organisationId, name: groupTexts.friends },
      { organisationId, name: groupTexts.schools },
    ])
    .returning({ id: clientGroups.id, name: clientGroups.name });
  const idOf = (key: GroupKey) => rows.find((r) => r.name.en === groupTexts[key].en)!.id;
  return { friends: idOf('friends'), schools: idOf('schools') };
}
