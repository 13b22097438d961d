/**
 * What a production install (`npm ci --omit=dev`) carries: the server renders
 * pages without a DOM (decision 0211), so jsdom, 28 MB with its own
 * dependencies, is only there for the storefront's component tests.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

interface LockedPackage {
  dev?: boolean;
}

function locked(name: string): LockedPackage | undefined {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  return lock.packages[`node_modules/${name}`];
}

describe('runtime dependencies', () => {
  it('leaves jsdom out of a production install', () => {
    expect(locked('jsdom')).toBeDefined();
    expect(locked('jsdom')?.dev).toBe(true);
  });
});
