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
  it('is 16 base32 characters (80 bits) in groups of four', () => {
    expect(voucherCode()).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
  });

  it('uses the whole alphabet evenly enough to carry its bits', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const char of voucherCode().replaceAll('-', '')) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    // 32 000 characters over 32 symbols: ~1000 each; a stuck bit would halve the alphabet.
    expect(counts.size).toBe(32);
    for (const count of counts.values()) expect(count).toBeGreaterThan(700);
  });
});
