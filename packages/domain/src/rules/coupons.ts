/**
 * Coupon and voucher-code rules: normalisation (docs/storefront.md §5.5) and the
 * discount a coupon or voucher gives. Integer cents throughout.
 *
 * Kassa's choices where docs/storefront.md is silent (decision 0010):
 * - A coupon discounts ticket lines only (products and audiences), never
 *   upsells or additions.
 * - max_ticket_amount limits the discount to that many tickets, the most
 *   expensive first (the visitor's best case, and deterministic).
 * - PERCENTAGE takes value / 100 % of those tickets; AMOUNT takes value cents
 *   off their sum once, capped at that sum.
 * - A voucher's credit pays what is left after coupons, capped at it.
 */

export type CouponKind = 'PERCENTAGE' | 'AMOUNT';

export interface CouponTerms {
  kind: CouponKind;
  /** PERCENTAGE: hundredths of a percent (1000 = 10 %); AMOUNT: cents. */
  value: number;
  /** The discount applies to at most this many tickets; null is all. */
  maxTicketAmount: number | null;
}

/** A ticket line the coupon may discount: unit price × quantity, keyed by the caller. */
export interface TicketLine {
  key: string;
  unitPriceCents: number;
  quantity: number;
}

/** Codes display (and compare) in uppercase, without surrounding spaces. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Uppercases codes and drops empty ones and case-insensitive duplicates, keeping the first. */
export function dedupeCouponCodes(codes: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const code of codes) {
    const normalised = normaliseCouponCode(code);
    if (normalised === '' || seen.has(normalised)) continue;
    seen.add(normalised);
    result.push(normalised);
  }
  return result;
}

/**
 * The discount per ticket line. With max_ticket_amount only that many
 * tickets count, the most expensive first; lines keep their order otherwise.
 * The sum of the result never exceeds the sum of the counted tickets.
 */
export function couponDiscountByLine(terms: CouponTerms, lines: readonly TicketLine[]): Map<string, number> {
  const counted = countedTickets(lines, terms.maxTicketAmount);
  const result = new Map<string, number>(lines.map((line) => [line.key, 0]));
  if (terms.kind === 'PERCENTAGE') {
    const rate = Math.min(Math.max(terms.value, 0), 10_000);
    for (const { key, cents } of counted) result.set(key, Math.round((cents * rate) / 10_000));
    return result;
  }
  let left = Math.max(terms.value, 0);
  for (const { key, cents } of counted) {
    const used = Math.min(left, cents);
    result.set(key, used);
    left -= used;
  }
  return result;
}

/** Total coupon discount over the lines. */
export function couponDiscountCents(terms: CouponTerms, lines: readonly TicketLine[]): number {
  let sum = 0;
  for (const cents of couponDiscountByLine(terms, lines).values()) sum += cents;
  return sum;
}

/** Per line: the cents of the tickets a coupon counts. */
function countedTickets(
  lines: readonly TicketLine[],
  maxTickets: number | null,
): { key: string; cents: number }[] {
  if (maxTickets === null) {
    return lines.map((line) => ({ key: line.key, cents: line.unitPriceCents * Math.max(line.quantity, 0) }));
  }
  const byPrice = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => b.line.unitPriceCents - a.line.unitPriceCents || a.index - b.index);
  let left = Math.max(maxTickets, 0);
  const counted: { key: string; cents: number }[] = [];
  for (const { line } of byPrice) {
    const quantity = Math.min(left, Math.max(line.quantity, 0));
    left -= quantity;
    counted.push({ key: line.key, cents: line.unitPriceCents * quantity });
  }
  return counted;
}

/**
 * Voucher credits pay in the order given, each at most its balance, together
 * at most the payable amount. Returns the cents used from each voucher.
 */
export function voucherCreditsUsed(balancesCents: readonly number[], payableCents: number): number[] {
  let left = Math.max(payableCents, 0);
  return balancesCents.map((balance) => {
    const used = Math.min(Math.max(balance, 0), left);
    left -= used;
    return used;
  });
}

/** The wire form of a coupon's terms (POST /api/coupon data), as a storefront holds it. */
export interface CouponWireTerms {
  type: CouponKind;
  /** PERCENTAGE: percent (12.5); AMOUNT: money (2 decimals). */
  value: number;
  max_ticket_amount: number | null;
}

/** Wire terms → CouponTerms in hundredths of a percent or cents. */
export function couponTermsFromWire(data: CouponWireTerms): CouponTerms {
  return { kind: data.type, value: Math.round(data.value * 100), maxTicketAmount: data.max_ticket_amount };
}

/** CouponTerms → wire terms: percent or money with 2 decimals. */
export function couponTermsToWire(terms: CouponTerms): CouponWireTerms {
  return { type: terms.kind, value: terms.value / 100, max_ticket_amount: terms.maxTicketAmount };
}
