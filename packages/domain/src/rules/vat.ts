/**
 * VAT on gross prices (decision 0240). Prices in Kassa are gross; a rate is
 * in basis points (900 is 9 %, 550 is 5.5 %), and `null` is a supply outside
 * the scope of VAT (the sale of a multi-purpose voucher: its VAT is due when
 * it is spent, on what it buys).
 *
 * The rounding rule, the same on every document: the VAT in a line is its
 * gross times rate / (100 % + rate), rounded to the cent half away from zero;
 * the net is gross minus VAT; a rate's totals are the sums of its lines.
 * Discounts are spread over the lines they discount first (largest
 * remainder, so the parts add up to the discount exactly), and each part is
 * a line of its own at its line's rate.
 */

export type VatRateBp = number | null;

/** The VAT contained in `grossCents` at `rateBp`, rounded half away from zero. */
export function vatOfGross(grossCents: number, rateBp: VatRateBp): number {
  if (rateBp === null || rateBp === 0 || grossCents === 0) return 0;
  const sign = Math.sign(grossCents);
  const gross = Math.abs(grossCents);
  const divisor = 10000 + rateBp;
  // round(gross × rate / divisor) with integers only: floor((2·g·r + d) / 2d).
  return sign * Math.floor((2 * gross * rateBp + divisor) / (2 * divisor));
}

export interface VatAmounts {
  grossCents: number;
  netCents: number;
  vatCents: number;
}

/** One line's amounts by the rule. */
export function lineVat(grossCents: number, rateBp: VatRateBp): VatAmounts {
  const vatCents = vatOfGross(grossCents, rateBp);
  return { grossCents, netCents: grossCents - vatCents, vatCents };
}

export interface RateTotal extends VatAmounts {
  rateBp: VatRateBp;
}

/** Totals per rate, each the sum of its lines' amounts (lowest rate first, outside the scope last). */
export function totalsPerRate(lines: readonly { rateBp: VatRateBp; grossCents: number }[]): RateTotal[] {
  const byRate = new Map<VatRateBp, RateTotal>();
  for (const line of lines) {
    const amounts = lineVat(line.grossCents, line.rateBp);
    const total = byRate.get(line.rateBp) ?? { rateBp: line.rateBp, grossCents: 0, netCents: 0, vatCents: 0 };
    total.grossCents += amounts.grossCents;
    total.netCents += amounts.netCents;
    total.vatCents += amounts.vatCents;
    byRate.set(line.rateBp, total);
  }
  return [...byRate.values()].sort((a, b) => (a.rateBp ?? Infinity) - (b.rateBp ?? Infinity));
}

/**
 * Splits `amount` over `weights` in proportion, to whole cents, by largest
 * remainder (ties to the earlier weight): the parts always add up to
 * `amount`. With no positive weight it all goes to the first.
 */
export function spreadByWeight(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const positive = weights.map((w) => Math.max(0, w));
  const sum = positive.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const sign = Math.sign(amount);
  const whole = Math.abs(amount);
  const parts = positive.map((w) => Math.floor((whole * w) / sum));
  let left = whole - parts.reduce((a, b) => a + b, 0);
  const order = positive
    .map((w, index) => ({ index, remainder: (whole * w) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts.map((p) => sign * p);
}

/** A charged line of an order: a ticket, pass, gift card, extra, donation or fee. */
export interface VatCharge {
  /** The order line's id. */
  ref: number;
  itemIndex: number;
  grossCents: number;
  rateBp: VatRateBp;
  /** A coupon discounts it (tickets, passes and gift cards; never extras or fees). */
  couponable: boolean;
}

/**
 * An amount taken off an item: a coupon (over its couponable lines) or the
 * credit of a single-purpose voucher, whose VAT was due at its sale (over all
 * its lines). A multi-purpose voucher's credit is a payment, not a reduction.
 */
export interface VatReduction {
  ref: number;
  itemIndex: number;
  cents: number;
  kind: 'COUPON' | 'SINGLE_PURPOSE_CREDIT';
}

/** One line of a VAT document: a charge (positive) or one rate's part of a reduction (negative). */
export interface VatDocumentLine extends VatAmounts {
  ref: number;
  kind: 'CHARGE' | 'REDUCTION';
  rateBp: VatRateBp;
  /** Charges only: the gross after the reductions spread over it, what it was really sold for. */
  paidGrossCents: number;
}

export interface VatDocument {
  lines: VatDocumentLine[];
  totals: RateTotal[];
  grossCents: number;
}

/**
 * An order's lines with their VAT: every charge, then every reduction split
 * by the rates of the lines it reduces, and the totals per rate.
 */
export function vatDocument(charges: readonly VatCharge[], reductions: readonly VatReduction[]): VatDocument {
  const paid = new Map(charges.map((c) => [c.ref, c.grossCents]));
  const reductionLines: VatDocumentLine[] = [];
  for (const reduction of reductions) {
    const onItem = charges.filter((c) => c.itemIndex === reduction.itemIndex && c.grossCents > 0);
    let targets = reduction.kind === 'COUPON' ? onItem.filter((c) => c.couponable) : onItem;
    if (targets.length === 0) targets = onItem.length ? onItem : charges.filter((c) => c.grossCents > 0);
    if (targets.length === 0) {
      reductionLines.push({
        ref: reduction.ref,
        kind: 'REDUCTION',
        rateBp: null,
        paidGrossCents: 0,
        ...lineVat(-reduction.cents, null),
      });
      continue;
    }
    // Never more off a line than is left of it, as far as the reduction allows.
    const parts = spreadByWeight(
      reduction.cents,
      targets.map((c) => paid.get(c.ref)!),
    );
    const perRate = new Map<VatRateBp, number>();
    targets.forEach((c, i) => {
      paid.set(c.ref, paid.get(c.ref)! - parts[i]!);
      perRate.set(c.rateBp, (perRate.get(c.rateBp) ?? 0) + parts[i]!);
    });
    for (const [rateBp, cents] of perRate)
      if (cents !== 0)
        reductionLines.push({
          ref: reduction.ref,
          kind: 'REDUCTION',
          rateBp,
          paidGrossCents: 0,
          ...lineVat(-cents, rateBp),
        });
  }
  const lines: VatDocumentLine[] = [
    ...charges.map((c) => ({
      ref: c.ref,
      kind: 'CHARGE' as const,
      rateBp: c.rateBp,
      paidGrossCents: paid.get(c.ref)!,
      ...lineVat(c.grossCents, c.rateBp),
    })),
    ...reductionLines,
  ];
  const totals = totalsPerRate(lines);
  return { lines, totals, grossCents: totals.reduce((sum, t) => sum + t.grossCents, 0) };
}

/** A credit asked for one invoiced line. */
export interface CreditRequest {
  ref: number;
  quantity: number;
  grossCents: number;
}

/**
 * Whether crediting `request` keeps every line within what it was sold for
 * (its paid gross and quantity, less what earlier credit notes took back):
 * an answer of null is fine, else the first line that would go over.
 */
export function creditOverrun(
  invoiced: readonly { ref: number; quantity: number; paidGrossCents: number }[],
  credited: readonly CreditRequest[],
  request: readonly CreditRequest[],
): { ref: number; reason: 'UNKNOWN_LINE' | 'AMOUNT' | 'QUANTITY' | 'NEGATIVE' } | null {
  for (const wanted of request) {
    if (wanted.grossCents < 0 || wanted.quantity < 0) return { ref: wanted.ref, reason: 'NEGATIVE' };
    const line = invoiced.find((l) => l.ref === wanted.ref);
    if (!line) return { ref: wanted.ref, reason: 'UNKNOWN_LINE' };
    const before = [...credited, ...request.slice(0, request.indexOf(wanted))].filter(
      (c) => c.ref === wanted.ref,
    );
    const amount = before.reduce((sum, c) => sum + c.grossCents, 0) + wanted.grossCents;
    const quantity = before.reduce((sum, c) => sum + c.quantity, 0) + wanted.quantity;
    if (amount > line.paidGrossCents) return { ref: wanted.ref, reason: 'AMOUNT' };
    if (quantity > line.quantity) return { ref: wanted.ref, reason: 'QUANTITY' };
  }
  return null;
}

/** "9%", "5.5%" (en) or "5,5%" (nl, de, es, fr): a rate as documents print it. */
export function formatRate(rateBp: number, language: string): string {
  const text = String(rateBp / 100);
  return `${language === 'en' ? text : text.replace('.', ',')}%`;
}

/** The tax's name on documents per language (decision 0240). */
export const VAT_NAMES: Readonly<Record<string, string>> = {
  en: 'VAT',
  nl: 'BTW',
  de: 'MwSt.',
  es: 'IVA',
  fr: 'TVA',
};

/** "VAT 9%", "BTW 9%", "MwSt. 9%", "IVA 9%", "TVA 9%". */
export function vatLabel(rateBp: number, language: string): string {
  return `${VAT_NAMES[language] ?? VAT_NAMES.en} ${formatRate(rateBp, language)}`;
}

/** A catalogue percentage (9, 5.5) in basis points. */
export function percentageToBp(percentage: number): number {
  return Math.round(percentage * 100);
}

/**
 * The credit a note may take back: each asked line capped at what is left of
 * it (its paid gross and quantity less earlier credits), lines the invoice
 * does not have dropped, so credit notes never exceed their invoice
 * whatever rounding the refund's own share-out used (decision 0242).
 */
export function clampCredit(
  invoiced: readonly { ref: number; quantity: number; paidGrossCents: number }[],
  credited: readonly CreditRequest[],
  request: readonly CreditRequest[],
): CreditRequest[] {
  const left = new Map(
    invoiced.map((line) => {
      const before = credited.filter((c) => c.ref === line.ref);
      return [
        line.ref,
        {
          cents: line.paidGrossCents - before.reduce((sum, c) => sum + c.grossCents, 0),
          quantity: line.quantity - before.reduce((sum, c) => sum + c.quantity, 0),
        },
      ];
    }),
  );
  const result: CreditRequest[] = [];
  for (const wanted of request) {
    const room = left.get(wanted.ref);
    if (!room) continue;
    const grossCents = Math.max(0, Math.min(wanted.grossCents, room.cents));
    const quantity = Math.max(0, Math.min(wanted.quantity, room.quantity));
    if (grossCents === 0 && quantity === 0) continue;
    room.cents -= grossCents;
    room.quantity -= quantity;
    result.push({ ref: wanted.ref, quantity, grossCents });
  }
  return result;
}
