/**
 * Rush mode (decisions 0265–0267): a fair waiting room for on-sale days.
 * Pure rules shared by the server, the storefront and the bench: when the
 * queue opens, how many places an admission tick may give, and the honest
 * estimate a waiting visitor sees.
 */

/** A rush as the catalogue file sets it, kept with the product or the shop. */
export interface RushSettings {
  /** ISO 8601 instant with an offset: from here admissions start. */
  opensAt: string;
  /** Minutes before opensAt that visitors may already queue (ordered at random at the opening). */
  preQueueMinutes: number;
  /** Visitors admitted per minute; null: as capacity frees up. */
  admitPerMinute: number | null;
  /** Minutes an admitted visitor's pass stays valid. */
  passMinutes: number;
  /** ISO 8601 instant with an offset: after it the product sells as usual. */
  endsAt: string;
}

export type RushPhase = 'BEFORE' | 'PRE_QUEUE' | 'OPEN' | 'OVER';

export const DEFAULT_PRE_QUEUE_MINUTES = 15;
export const DEFAULT_PASS_MINUTES = 10;

/** Where `now` lies in the rush: before its pre-queue, in it, open, or over. */
export function rushPhase(settings: RushSettings, now: Date): RushPhase {
  const opens = Date.parse(settings.opensAt);
  const t = now.getTime();
  if (t >= Date.parse(settings.endsAt)) return 'OVER';
  if (t >= opens) return 'OPEN';
  if (t >= opens - settings.preQueueMinutes * 60_000) return 'PRE_QUEUE';
  return 'BEFORE';
}

/**
 * Until the end a pass is needed to order (decision 0265): the opening is
 * the product's on-sale moment, so before it nobody can order at all.
 */
export function rushNeedsPass(settings: RushSettings, now: Date): boolean {
  return rushPhase(settings, now) !== 'OVER';
}

export interface AdmissionCredit {
  /** Whole admissions this tick may make. */
  admit: number;
  /** The fraction carried to the next tick. */
  carry: number;
}

/**
 * Admissions at a fixed rate between two ticks (decision 0266): the rate
 * times the time elapsed plus the fraction carried from the last tick, as
 * many as are waiting. An empty queue carries at most one admission, so a
 * quiet spell never banks a burst.
 */
export function rateAdmissions(
  admitPerMinute: number,
  elapsedMs: number,
  carried: number,
  waiting: number,
): AdmissionCredit {
  const credit = carried + (admitPerMinute * Math.max(elapsedMs, 0)) / 60_000;
  const admit = Math.max(0, Math.min(Math.floor(credit), waiting));
  const carry = credit - admit;
  return { admit, carry: admit < Math.floor(credit) ? Math.min(carry, 1) : carry };
}

/**
 * Admissions as capacity frees up: the free places not already promised to
 * a valid, unused pass, as many as are waiting. null free: no limit.
 */
export function capacityAdmissions(free: number | null, outstandingPasses: number, waiting: number): number {
  if (free === null) return waiting;
  return Math.max(0, Math.min(free - outstandingPasses, waiting));
}

/**
 * The honest estimate: whole minutes until a visitor `position` places from
 * the front is admitted at the set rate, rounded up; null when admissions
 * follow freed capacity, which nobody can foretell.
 */
export function waitEstimateMinutes(position: number, admitPerMinute: number | null): number | null {
  if (admitPerMinute === null || position <= 0) return null;
  return Math.max(1, Math.ceil(position / admitPerMinute));
}
