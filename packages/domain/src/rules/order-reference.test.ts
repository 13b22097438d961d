import { describe, expect, it } from 'vitest';
import {
  dammCheckDigit,
  formatOrderReference,
  newOrderReference,
  ORDER_REFERENCE_LENGTH,
  parseOrderReference,
} from './order-reference.ts';

const DEMO = '48210937563';

describe('order references (decision 0104)', () => {
  it('has the published Damm check digits', () => {
    expect(dammCheckDigit('572')).toBe('4');
    expect(parseOrderReference(DEMO)).toBe(DEMO);
  });

  it('reads what people type: groups, dashes, a leading #', () => {
    expect(formatOrderReference(DEMO)).toBe('4821 0937 563');
    expect(parseOrderReference(' 4821 0937 563 ')).toBe(DEMO);
    expect(parseOrderReference('#4821-0937-563')).toBe(DEMO);
    expect(parseOrderReference('4821093756')).toBeUndefined();
    expect(parseOrderReference('482109375630')).toBeUndefined();
    expect(parseOrderReference('4821O937563')).toBeUndefined();
  });

  it('catches every one-digit typo in a reference', () => {
    for (let position = 0; position < ORDER_REFERENCE_LENGTH; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === DEMO[position]) continue;
        const typo = DEMO.slice(0, position) + digit + DEMO.slice(position + 1);
        expect(parseOrderReference(typo), typo).toBeUndefined();
      }
    }
  });

  it('catches every swap of two different neighbours, for every pair of digits', () => {
    for (let left = 0; left <= 9; left++) {
      for (let right = 0; right <= 9; right++) {
        if (left === right) continue;
        for (let position = 0; position < ORDER_REFERENCE_LENGTH - 1; position++) {
          const base = '3917026485'.slice(0, position) + `${left}${right}` + '3917026485'.slice(position + 2);
          const body = base.slice(0, ORDER_REFERENCE_RANDOM);
          const reference = body + dammCheckDigit(body);
          const swapped =
            reference.slice(0, position) +
            reference[position + 1] +
            reference[position] +
            reference.slice(position + 2);
          if (swapped === reference) continue;
          expect(parseOrderReference(swapped), `${reference} → ${swapped}`).toBeUndefined();
        }
      }
    }
  });

  it('makes valid 11-digit references from the random bytes it is given, skipping biased bytes', () => {
    const bytes = [255, 250, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
    const reference = newOrderReference((size) => Uint8Array.from(bytes.slice(0, size)));
    expect(reference.slice(0, 10)).toBe('1234567890');
    expect(parseOrderReference(reference)).toBe(reference);
  });
});

const ORDER_REFERENCE_RANDOM = ORDER_REFERENCE_LENGTH - 1;
