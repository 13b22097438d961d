import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampCredit,
  creditOverrun,
  lineVat,
  spreadByWeight,
  totalsPerRate,
  vatDocument,
  vatLabel,
  vatOfGross,
  type VatCharge,
  type VatReduction,
} from './vat.ts';

describe('vatOfGross', () => {
  it('takes the VAT out of a gross price, rounded half away from zero', () => {
    expect(vatOfGross(1090, 900)).toBe(90);
    expect(vatOfGross(1210, 2100)).toBe(210);
    expect(vatOfGross(1000, 900)).toBe(83); // 82.57
    expect(vatOfGross(-1000, 900)).toBe(-83);
    expect(vatOfGross(1000, 0)).toBe(0);
    expect(vatOfGross(1000, null)).toBe(0);
    // 2.1 cents × … exactly half: 21 gross at 2100 bp is 3.6446 → 4; 109 at 900 is 9.0 exactly.
    expect(vatOfGross(109, 900)).toBe(9);
  });

  it('never makes the net and the VAT differ from the gross', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10000 }),
        (g, r) => {
          const { netCents, vatCents } = lineVat(g, r);
          expect(netCents + vatCents).toBe(g);
          // Within half a cent of the exact VAT.
          expect(Math.abs(vatCents - (g * r) / (10000 + r))).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});

describe('vatLabel', () => {
  it('names the tax in each language', () => {
    expect(['en', 'nl', 'de', 'es', 'fr'].map((l) => vatLabel(900, l))).toEqual([
      'VAT 9%',
      'BTW 9%',
      'MwSt. 9%',
      'IVA 9%',
      'TVA 9%',
    ]);
    expect(vatLabel(550, 'fr')).toBe('TVA 5,5%');
    expect(vatLabel(550, 'en')).toBe('VAT 5.5%');
  });
});

describe('spreadByWeight', () => {
  it('splits exactly, in proportion', () => {
    expect(spreadByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByWeight(-10, [3, 1])).toEqual([-8, -2]);
    fc.assert(
      fc.property(
        fc.integer({ min: -100000, max: 100000 }),
        fc.array(fc.integer({ min: 0, max: 100000 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const parts = spreadByWeight(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum > 0)
            parts.forEach((p, i) => expect(Math.abs(p - (amount * weights[i]!) / sum)).toBeLessThan(1));
        },
      ),
    );
  });
});

const rates = fc.constantFrom<number | null>(0, 900, 2100, 550, null);

/** A random order: items of charges at random rates, coupons and single-purpose credit within what each item costs. */
const orders = fc
  .array(
    fc.record({
      charges: fc.array(
        fc.record({
          grossCents: fc.integer({ min: 0, max: 50000 }),
          rateBp: rates,
          couponable: fc.boolean(),
        }),
        { minLength: 1, maxLength: 5 },
      ),
      couponShare: fc.double({ min: 0, max: 1, noNaN: true }),
      creditShare: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((items) => {
    const charges: VatCharge[] = [];
    const reductions: VatReduction[] = [];
    let ref = 1;
    items.forEach((item, itemIndex) => {
      for (const c of item.charges) charges.push({ ref: ref++, itemIndex, ...c });
      const itemCharges = charges.filter((c) => c.itemIndex === itemIndex);
      const couponable = itemCharges.filter((c) => c.couponable).reduce((s, c) => s + c.grossCents, 0);
      const coupon = Math.floor(couponable * item.couponShare);
      if (coupon > 0) reductions.push({ ref: ref++, itemIndex, cents: coupon, kind: 'COUPON' });
      const left = itemCharges.reduce((s, c) => s + c.grossCents, 0) - coupon;
      const credit = Math.floor(left * item.creditShare);
      if (credit > 0)
        reductions.push({ ref: ref++, itemIndex, cents: credit, kind: 'SINGLE_PURPOSE_CREDIT' });
    });
    return { charges, reductions };
  });

describe('vatDocument', () => {
  it('prints lines that add up exactly to the totals per rate and to the order', () => {
    fc.assert(
      fc.property(orders, ({ charges, reductions }) => {
        const doc = vatDocument(charges, reductions);
        const expected =
          charges.reduce((s, c) => s + c.grossCents, 0) - reductions.reduce((s, r) => s + r.cents, 0);
        expect(doc.grossCents).toBe(expected);
        for (const total of doc.totals) {
          const own = doc.lines.filter((l) => l.rateBp === total.rateBp);
          expect(own.reduce((s, l) => s + l.grossCents, 0)).toBe(total.grossCents);
          expect(own.reduce((s, l) => s + l.netCents, 0)).toBe(total.netCents);
          expect(own.reduce((s, l) => s + l.vatCents, 0)).toBe(total.vatCents);
          expect(total.netCents + total.vatCents).toBe(total.grossCents);
        }
        expect(doc.totals).toEqual(totalsPerRate(doc.lines));
        // What each line was sold for adds up to the order, and no line goes below zero.
        const paid = doc.lines.filter((l) => l.kind === 'CHARGE');
        expect(paid.reduce((s, l) => s + l.paidGrossCents, 0)).toBe(expected);
        for (const line of paid) expect(line.paidGrossCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('spreads a coupon over the tickets only, by rate', () => {
    const doc = vatDocument(
      [
        { ref: 1, itemIndex: 0, grossCents: 2000, rateBp: 900, couponable: true },
        { ref: 2, itemIndex: 0, grossCents: 500, rateBp: 2100, couponable: false },
      ],
      [{ ref: 3, itemIndex: 0, cents: 200, kind: 'COUPON' }],
    );
    expect(doc.totals).toEqual([
      { rateBp: 900, grossCents: 1800, vatCents: 165 - 17, netCents: 1800 - 148 },
      { rateBp: 2100, grossCents: 500, vatCents: 87, netCents: 413 },
    ]);
  });
});

describe('creditOverrun', () => {
  it('never lets credit notes exceed their invoice, line by line', () => {
    fc.assert(
      fc.property(
        orders,
        fc.array(
          fc.record({
            pick: fc.nat(),
            quantity: fc.integer({ min: 0, max: 3 }),
            share: fc.double({ min: 0, max: 1.2, noNaN: true }),
          }),
          { maxLength: 12 },
        ),
        ({ charges, reductions }, asks) => {
          const doc = vatDocument(charges, reductions);
          const invoiced = doc.lines
            .filter((l) => l.kind === 'CHARGE')
            .map((l) => ({ ref: l.ref, quantity: 2, paidGrossCents: l.paidGrossCents }));
          const credited: { ref: number; quantity: number; grossCents: number }[] = [];
          for (const ask of asks) {
            const line = invoiced[ask.pick % invoiced.length]!;
            const request = [
              {
                ref: line.ref,
                quantity: ask.quantity,
                grossCents: Math.floor(line.paidGrossCents * ask.share),
              },
            ];
            if (creditOverrun(invoiced, credited, request) === null) credited.push(...request);
          }
          for (const line of invoiced) {
            const own = credited.filter((c) => c.ref === line.ref);
            expect(own.reduce((s, c) => s + c.grossCents, 0)).toBeLessThanOrEqual(line.paidGrossCents);
            expect(own.reduce((s, c) => s + c.quantity, 0)).toBeLessThanOrEqual(line.quantity);
          }
          const creditedGross = credited.reduce((s, c) => s + c.grossCents, 0);
          expect(creditedGross).toBeLessThanOrEqual(doc.grossCents);
        },
      ),
    );
  });

  it('refuses an unknown line and a second refund of the same amount', () => {
    const invoiced = [{ ref: 1, quantity: 1, paidGrossCents: 1000 }];
    expect(creditOverrun(invoiced, [], [{ ref: 2, quantity: 1, grossCents: 1 }])).toEqual({
      ref: 2,
      reason: 'UNKNOWN_LINE',
    });
    expect(
      creditOverrun(
        invoiced,
        [{ ref: 1, quantity: 1, grossCents: 1000 }],
        [{ ref: 1, quantity: 0, grossCents: 1 }],
      ),
    ).toEqual({ ref: 1, reason: 'AMOUNT' });
    expect(creditOverrun(invoiced, [], [{ ref: 1, quantity: 1, grossCents: 1000 }])).toBeNull();
  });
});

describe('clampCredit', () => {
  it('never lets a series of credit notes exceed their invoice, whatever is asked', () => {
    fc.assert(
      fc.property(
        orders,
        fc.array(
          fc.array(
            fc.record({
              pick: fc.nat(),
              quantity: fc.integer({ min: -1, max: 4 }),
              grossCents: fc.integer({ min: -100, max: 60000 }),
            }),
            { maxLength: 4 },
          ),
          { maxLength: 6 },
        ),
        ({ charges, reductions }, notes) => {
          const doc = vatDocument(charges, reductions);
          const invoiced = doc.lines
            .filter((l) => l.kind === 'CHARGE')
            .map((l) => ({ ref: l.ref, quantity: 3, paidGrossCents: l.paidGrossCents }));
          const credited: { ref: number; quantity: number; grossCents: number }[] = [];
          for (const note of notes) {
            const request = note.map((ask) => ({
              ref: ask.pick % 7 === 0 ? 9999 : invoiced[ask.pick % invoiced.length]!.ref,
              quantity: ask.quantity,
              grossCents: ask.grossCents,
            }));
            const granted = clampCredit(invoiced, credited, request);
            expect(creditOverrun(invoiced, credited, granted)).toBeNull();
            credited.push(...granted);
          }
          const total = credited.reduce((s, c) => s + c.grossCents, 0);
          expect(total).toBeLessThanOrEqual(
            doc.lines.filter((l) => l.kind === 'CHARGE').reduce((s, l) => s + l.paidGrossCents, 0),
          );
          // Per rate too: what a rate's credit notes take back stays within the rate's invoiced gross.
          for (const totalOfRate of doc.totals) {
            const refs = new Set(
              doc.lines
                .filter((l) => l.kind === 'CHARGE' && l.rateBp === totalOfRate.rateBp)
                .map((l) => l.ref),
            );
            const back = credited.filter((c) => refs.has(c.ref)).reduce((s, c) => s + c.grossCents, 0);
            expect(back).toBeLessThanOrEqual(totalOfRate.grossCents);
          }
        },
      ),
    );
  });
});
