/**
 * The outbox imports no mail kind (decision 0215), so nothing but this test
 * stops a kind from being queued without being registered: its jobs would
 * wait for a worker that cannot render them. Every kind the code defines
 * is in the registry, under its own name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MailKind } from '../outbox/mail-kind.ts';
import { MAIL_KINDS } from './mail-kinds.ts';

const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function isMailKind(value: unknown): value is MailKind {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as MailKind).name === 'string' &&
    typeof (value as MailKind).render === 'function' &&
    'payload' in value
  );
}

describe('mail kinds', () => {
  it('registers every kind the code defines, under its own name', async () => {
    const defining = sourceFiles(src).filter(
      (file) =>
        !file.endsWith(path.join('outbox', 'mail-kind.ts')) &&
        readFileSync(file, 'utf8').includes('defineMailKind('),
    );
    const defined: MailKind[] = [];
    for (const file of defining) {
      const exports = (await import(file)) as Record<string, unknown>;
      defined.push(...Object.values(exports).filter(isMailKind));
    }
    expect(defined.length).toBeGreaterThanOrEqual(8);
    for (const kind of defined) expect(MAIL_KINDS.get(kind.name), kind.name).toBe(kind);
    expect(MAIL_KINDS.size).toBe(new Set(defined).size);
  });
});
