import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The folders .gitignore names (`name/`): what builds, tests and runs write. */
function ignoredFolders(): string[] {
  return readFileSync(path.join(repoRoot, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/') && !line.startsWith('#'))
    .map((line) => line.slice(0, -1));
}

describe('what a build or a test run writes is not linted', () => {
  // `npm test` lints first and builds last: on a fresh clone there is nothing to lint, but a
  // second `npm test` in the same checkout met the storefront's server build (dist-ssr).
  it('ignores every folder .gitignore names, wherever it sits', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const linted: string[] = [];
    for (const folder of ignoredFolders()) {
      // A bare name (dist/) matches in every folder; a path (e2e/screenshots/) only there.
      for (const where of folder.includes('/') ? [''] : ['', 'apps/storefront/']) {
        const file = path.join(repoRoot, where, folder, 'generated.js');
        if (!(await eslint.isPathIgnored(file))) linted.push(path.relative(repoRoot, file));
      }
    }
    expect(linted).toEqual([]);
    // Loading the whole ESLint configuration takes seconds on a busy 2-core machine.
  }, 60_000);
});
