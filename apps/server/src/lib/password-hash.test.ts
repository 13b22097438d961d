import { describe, expect, it } from 'vitest';
import { CURRENT_PARAMS, hashPassword, needsRehash, verifyNothing, verifyPassword } from './password-hash.ts';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash: the same password hashes differently twice', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('keeps verifying hashes made with older, cheaper parameters, and says they need a rehash', async () => {
    const old = await hashPassword('legacy', { ln: 10, r: 8, p: 1 });
    expect(old.startsWith('$scrypt$ln=10,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('legacy', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('new'))).toBe(false);
    expect(needsRehash(old, { ...CURRENT_PARAMS, ln: 10 })).toBe(false);
  });

  it('treats malformed or absurd stored hashes as no match, never as an error', async () => {
    for (const stored of ['', 'plain', '$scrypt$ln=15,r=8,p=1$$', '$scrypt$ln=40,r=8,p=1$c2FsdA$aGFzaA']) {
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it('compares the same Unicode password however it was composed', async () => {
    const stored = await hashPassword('Ame\u0301lie'); // e + combining acute
    expect(await verifyPassword('Am\u00e9lie', stored)).toBe(true); // precomposed é
  });

  it('spends a verification on an unknown account and answers false', async () => {
    expect(await verifyNothing('anything')).toBe(false);
  });
});
