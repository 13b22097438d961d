import { describe, expect, it } from 'vitest';
import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import { orderReference, secretToken, voucherCode } from './secrets.ts';

describe('secretToken', () => {
  it('carries 128 bits as base64url', () => {
    const token = secretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
  });

  it('differs on every call', () => {
    const tokens = new Set(Array.from({ length: 200 }, secretToken));
    expect(tokens.size).toBe(200);
  });
});

describe('voucherCode', () => {
  it('is KSA, 16 characters of the unambiguous alphabet (80 bits) and a check character, in groups of four', () => {
    expect(voucherCode()).toMatch(/^KSA(-[2-9A-HJ-NP-Z]{4}){4}-[2-9A-HJ-NP-Z]$/);
  });
});

describe('orderReference', () => {
  it('is 11 digits with a right check digit, and not sequential', () => {
    const references = Array.from({ length: 200 }, orderReference);
    for (const reference of references) expect(parseOrderReference(reference)).toBe(reference);
    expect(new Set(references).size).toBe(200);
    const steps = references
      .slice(1)
      .map((reference, index) => Number(reference) - Number(references[index]));
    // Random draws: no two neighbours one apart, and the steps are not one constant.
    expect(steps.some((step) => Math.abs(step) <= 10)).toBe(false);
    expect(new Set(steps).size).toBeGreaterThan(190);
  });
});
