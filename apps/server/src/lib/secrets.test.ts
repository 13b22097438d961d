import { describe, expect, it } from 'vitest';
import { secretToken, voucherCode } from './secrets.ts';

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
