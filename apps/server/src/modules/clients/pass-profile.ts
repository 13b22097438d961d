import type { Pass } from '@kassa/domain/contract/client';
import type { subscriptionPasses } from '../../db/schema.ts';

type PassRow = Pick<
  typeof subscriptionPasses.$inferSelect,
  'id' | 'audienceId' | 'fullName' | 'avatar' | 'birthday'
>;

/** Whole years from a YYYY-MM-DD birthday to `today` (YYYY-MM-DD), or null without one. */
export function ageOn(birthday: string | null, today: string): number | null {
  if (!birthday) return null;
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A pass as the storefront sees it (docs/storefront.md §3.19: id, audience, profile). */
export function passProfile(row: PassRow, today: string): Pass {
  return {
    id: row.id,
    audience: row.audienceId,
    profile: {
      name: { full: row.fullName },
      avatar: row.avatar,
      birthday: row.birthday,
      age: ageOn(row.birthday, today),
    },
  };
}
