/**
 * Comments, test names and documents cite only what a newcomer can open in
 * this repo: `docs/storefront.md §N.M`, `docs/architecture.md`, a decision
 * record by number. Never the outside spec's sections, the outside
 * architecture or style notes, an issue number, or "ADR" for a decision.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const thisFile = path.relative(repoRoot, fileURLToPath(import.meta.url));

/** Folders and files at the root that hold source, tests, scripts or documents. */
const roots = [
  'apps',
  'packages',
  'tools',
  'e2e',
  'bench',
  'scripts',
  'examples',
  'docs',
  'README.md',
  'eslint.config.js',
  'vitest.config.ts',
];
const extensions = /\.(ts|tsx|js|mjs|cjs|css|json|ya?ml|md|html)$/;
/** What builds, installs and test runs write (the folders .gitignore names), and the lock file. */
const skipped = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'data',
  '.tmp',
  'test-results',
  'playwright-report',
  'coverage',
  'screenshots',
  'package-lock.json',
]);

/** Each way of citing something outside the repo, with what to write instead. */
const outsideCitations: { pattern: RegExp; instead: string }[] = [
  { pattern: /\bspec §/, instead: 'docs/storefront.md §N.M' },
  { pattern: /\bARCHITECTURE\b/, instead: 'docs/architecture.md or a decision record' },
  { pattern: /\bSTYLE\.md\b/, instead: 'the rule itself, or docs/architecture.md' },
  { pattern: /\bissues? #?\d/i, instead: 'the behaviour itself, or a decision record' },
  { pattern: /\(#\d+[,)]/, instead: 'the behaviour itself, or a decision record' },
  { pattern: /\bADRs?\b/, instead: '"decision NNNN"' },
];

function sourceFiles(relative: string, found: string[] = []): string[] {
  const full = path.join(repoRoot, relative);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    if (extensions.test(relative)) found.push(relative);
    return found;
  }
  for (const entry of entries) {
    if (skipped.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) sourceFiles(child, found);
    else if (extensions.test(entry.name)) found.push(child);
  }
  return found;
}

/** Every line of the tree that cites something outside the repo, as `file:line: text`. */
function outsideCitationLines(files: readonly string[], read: (file: string) => string): string[] {
  const lines: string[] = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((text, index) => {
        const hit = outsideCitations.find(({ pattern }) => pattern.test(text));
        if (hit) lines.push(`${file}:${index + 1}: ${text.trim()} (cite ${hit.instead})`);
      });
  }
  return lines;
}

describe('comments cite only documents inside the repo', () => {
  const files = roots.flatMap((root) => sourceFiles(root));

  it('reads the source tree (the check is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files).toContain('docs/storefront.md');
    expect(files).toContain(path.join('apps', 'server', 'src', 'app.ts'));
  });

  it('finds no citation of the outside spec, architecture or style notes, issue numbers or "ADR"', () => {
    const others = files.filter((file) => file !== thisFile);
    expect(outsideCitationLines(others, (file) => readFileSync(path.join(repoRoot, file), 'utf8'))).toEqual(
      [],
    );
  });

  it('would catch each kind of outside citation (negative control)', () => {
    const samples: Record<string, string> = {
      'a.ts': '/** The quantity step (spec §2). */',
      'b.ts': '// Capacity is never oversold (ARCHITECTURE §2).',
      'c.ts': '/** The rule sets (STYLE.md rule 9). */',
      'd.ts': '/** Issue #14: a product page people trust. */',
      'e.ts': "test.describe('findable pages (#15)', () => {});",
      'f.ts': '// One organisation per server (ADR 0004).',
      'g.ts': '// One organisation per server (decision 0004; docs/storefront.md §2.5).',
    };
    const found = outsideCitationLines(Object.keys(samples), (file) => samples[file]!);
    expect(found.map((line) => line.split(':')[0])).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts']);
  });
});
