import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ENRICHMENT_MAX_BYTES,
  ENRICHMENT_MAX_KEYS,
  ENRICHMENT_MAX_TEXT,
  enrichmentProblem,
} from './enrichment.ts';

/** An object nested `levels` deep: {a: {a: … {}}}. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < levels; level += 1) value = { a: value };
  return value;
}

describe('enrichmentProblem', () => {
  it('takes what the storefront captures', () => {
    expect(
      enrichmentProblem({
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring',
        referrer: 'https://www.example.org/blog',
        landing_page: '/product/2/light-and-colour?utm_source=newsletter',
        embedding_page: 'https://partner.example/tickets',
      }),
    ).toBeNull();
    expect(enrichmentProblem({})).toBeNull();
  });

  it('takes nesting down to the third level, and refuses a container below it', () => {
    expect(enrichmentProblem(nested(3))).toBeNull();
    expect(enrichmentProblem({ a: { b: [1, 'two', null, true] } })).toBeNull();
    expect(enrichmentProblem(nested(4))).toBe('TOO_DEEP');
    expect(enrichmentProblem({ a: { b: [[1]] } })).toBe('TOO_DEEP');
  });

  it('refuses a deeply nested value without walking all of it', () => {
    expect(enrichmentProblem(nested(100_000))).toBe('TOO_DEEP');
  });

  it('refuses too many entries, long keys, long or unstorable texts, and too many bytes', () => {
    const many = Object.fromEntries(Array.from({ length: ENRICHMENT_MAX_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    expect(enrichmentProblem(many)).toBe('TOO_MANY_KEYS');
    expect(enrichmentProblem({ list: Array.from({ length: ENRICHMENT_MAX_KEYS + 1 }, () => 1) })).toBe(
      'TOO_MANY_KEYS',
    );
    expect(enrichmentProblem({ ['k'.repeat(65)]: 1 })).toBe('KEY_TOO_LONG');
    expect(enrichmentProblem({ referrer: 'x'.repeat(ENRICHMENT_MAX_TEXT + 1) })).toBe('TEXT_TOO_LONG');
    expect(enrichmentProblem({ utm_source: 'a\u0000b' })).toBe('NOT_STORABLE');
    expect(enrichmentProblem({ ['\uD800']: 'lone surrogate key' })).toBe('NOT_STORABLE');
    // Bytes, not characters: four texts of 2000 ASCII characters fit in 8 KB, of 2000 "é" they do not.
    const texts = (char: string) =>
      Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`t${i}`, char.repeat(2000)]));
    expect(ENRICHMENT_MAX_BYTES).toBe(8192);
    expect(enrichmentProblem(texts('e'))).toBeNull();
    expect(enrichmentProblem(texts('é'))).toBe('TOO_LARGE');
  });

  it('refuses what is not a JSON object', () => {
    for (const value of [null, 'utm', 42, [], undefined])
      expect(enrichmentProblem(value)).toBe('NOT_AN_OBJECT');
    expect(enrichmentProblem({ n: Number.NaN })).toBe('NOT_JSON');
  });

  it('takes any flat campaign record within the bounds, and refuses any container nested too deep (property)', () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,30}$/);
    const value = fc.oneof(fc.string({ maxLength: 200 }), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: ENRICHMENT_MAX_KEYS }), (record) => {
        expect(enrichmentProblem(record)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 50 }),
        fc.dictionary(key, value, { maxKeys: 3 }),
        (levels, leaf) => {
          expect(enrichmentProblem({ ...nested(levels), leaf })).toBe('TOO_DEEP');
        },
      ),
    );
  });
});
