/**
 * A product's cancellation policy: what a visitor gets back when they
 * cancel tickets themselves (decision 0258). Cancelling is free until a
 * number of hours before the visit, then costs a fee by tiers (e.g. 50 %
 * until 24 hours before), then is not possible any more. Hours are elapsed
 * time before the visit's instant — not wall-clock hours — so "48 hours
 * before" is the same span whatever the shop's time zone and whether or
 * not a summer-time change falls in between.
 *
 * The money that would come back is the share of what was paid, from the
 * share-out rule (rules/refund-share.ts); the fee is taken off that share,
 * rounded down in the visitor's favour, so the amount back is never more
 * than the share and never negative. Where the money goes: back to the
 * original payment, as a voucher (optionally with a bonus on top, credit
 * only, never money), or the visitor's choice of the two.
 */

export type CancellationRefundMethod = 'original' | 'voucher';

export interface CancellationFeeTier {
  /** The tier applies while the visit is at least this many hours away. */
  untilHours: number;
  /** Share of the paid amount kept as a fee, 1–100. */
  feePercent: number;
}

export interface CancellationPolicy {
  /** Free while the visit is at least this many hours away (≥ 0). */
  freeUntilHours: number;
  /** Fee tiers after the free period, each with fewer hours than the one before. */
  tiers: CancellationFeeTier[];
  /** Where the money goes: the original payment, a voucher, or the visitor's choice. */
  refundTo: CancellationRefundMethod | 'choice';
  /** Extra credit on a voucher refund, in percent of the amount back (0–100). */
  voucherBonusPercent?: number;
}

/** Why a policy is not valid; null when it is. */
export function policyProblem(policy: CancellationPolicy): string | null {
  const hours = (value: number) => Number.isInteger(value) && value >= 0 && value <= 24 * 366;
  if (!hours(policy.freeUntilHours)) return 'freeUntilHours must be whole hours ≥ 0';
  let previous = policy.freeUntilHours;
  let previousFee = 0;
  for (const tier of policy.tiers) {
    if (!hours(tier.untilHours)) return 'tier untilHours must be whole hours ≥ 0';
    if (tier.untilHours >= previous)
      return 'tiers must come with fewer hours than the free period and the tier before';
    if (!Number.isInteger(tier.feePercent) || tier.feePercent < 1 || tier.feePercent > 100)
      return 'tier feePercent must be a whole percent from 1 to 100';
    if (tier.feePercent < previousFee) return 'a later tier cannot cost less than an earlier one';
    previous = tier.untilHours;
    previousFee = tier.feePercent;
  }
  if (!['original', 'voucher', 'choice'].includes(policy.refundTo))
    return 'refundTo must be original, voucher or choice';
  const bonus = policy.voucherBonusPercent;
  if (bonus !== undefined && (!Number.isInteger(bonus) || bonus < 0 || bonus > 100))
    return 'voucherBonusPercent must be a whole percent from 0 to 100';
  if (bonus && policy.refundTo === 'original') return 'a voucher bonus needs refundTo voucher or choice';
  return null;
}

const HOUR_MS = 3_600_000;

export type CancellationRefusal =
  /** The visit has begun or is over. */
  | 'visit-started'
  /** Past the last tier: too close to the visit to cancel. */
  | 'too-late';

export interface CancellationQuote {
  ok: true;
  /** The share of what was paid for the items (from the share-out). */
  shareCents: number;
  /** Percent kept as a fee (0 in the free period). */
  feePercent: number;
  feeCents: number;
  /** What comes back: share − fee, 0 … share. */
  refundCents: number;
  /** Where it may go; the visitor picks one when there are two. */
  methods: CancellationRefundMethod[];
  /** Credit on a voucher refund: refund plus the bonus. */
  voucherCents: number;
  /** When the current terms end (the next tier or the end of cancelling). */
  termsEndAt: Date;
}

export type CancellationAnswer = CancellationQuote | { ok: false; code: CancellationRefusal };

/** The fee terms a policy sets `msBefore` (elapsed) before the visit, or null past the last tier. */
export function feePercentAt(
  policy: CancellationPolicy,
  msBefore: number,
): { feePercent: number; untilHours: number } | null {
  if (msBefore >= policy.freeUntilHours * HOUR_MS)
    return { feePercent: 0, untilHours: policy.freeUntilHours };
  for (const tier of policy.tiers) {
    if (msBefore >= tier.untilHours * HOUR_MS)
      return { feePercent: tier.feePercent, untilHours: tier.untilHours };
  }
  return null;
}

/**
 * What cancelling gives back: for a visit at `visitAt`, cancelled at `now`,
 * items whose share of what was paid is `shareCents`.
 */
export function quoteCancellation(
  policy: CancellationPolicy,
  visitAt: Date | number,
  now: Date | number,
  shareCents: number,
): CancellationAnswer {
  if (!Number.isInteger(shareCents) || shareCents < 0)
    throw new RangeError('shareCents must be whole cents ≥ 0');
  const visitMs = typeof visitAt === 'number' ? visitAt : visitAt.getTime();
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const msBefore = visitMs - nowMs;
  if (msBefore <= 0) return { ok: false, code: 'visit-started' };
  const terms = feePercentAt(policy, msBefore);
  if (!terms) return { ok: false, code: 'too-late' };
  // Fee rounded down: the visitor never pays a cent more than the percent.
  const feeCents = Math.floor((shareCents * terms.feePercent) / 100);
  const refundCents = shareCents - feeCents;
  const methods: CancellationRefundMethod[] =
    policy.refundTo === 'choice' ? ['original', 'voucher'] : [policy.refundTo];
  const bonus = methods.includes('voucher') ? (policy.voucherBonusPercent ?? 0) : 0;
  return {
    ok: true,
    shareCents,
    feePercent: terms.feePercent,
    feeCents,
    refundCents,
    methods,
    voucherCents: refundCents + Math.floor((refundCents * bonus) / 100),
    termsEndAt: new Date(visitMs - terms.untilHours * HOUR_MS),
  };
}
