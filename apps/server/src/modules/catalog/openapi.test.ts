import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** @redocly/cli's own entry, run with this Node (its bin is not an export). */
const redocly = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin',
  'cli.js',
);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; parameters?: { name: string }[] }>
  >;
}

/** /api/docs is generated from the zod contract schemas the routes declare. */
describe('OpenAPI document of the catalogue, organisation and client routes', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it.each([
    ['get', '/api/categories'],
    ['get', '/api/categories/{id}'],
    ['get', '/api/home/products'],
    ['get', '/api/products/{id}'],
    ['get', '/api/products/{id}/upsells'],
    ['get', '/api/subscriptions/{id}'],
    ['get', '/api/subscriptions/{id}/upsells'],
    ['get', '/api/vouchers/{id}'],
    ['get', '/api/organisation'],
    ['post', '/api/client'],
    ['get', '/api/client'],
    ['get', '/api/groups/{clientId}'],
  ])('documents %s %s with a 200 schema and the language parameter', (method, path) => {
    const operation = doc.paths[path]?.[method];
    expect(operation?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: expect.any(Object) } },
    });
    expect(operation?.parameters?.map((p) => p.name)).toContain('language');
  });

  it('passes @redocly/cli lint with its recommended rules: no errors', () => {
    const folder = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      let output: string;
      try {
        output = execFileSync(
          process.execPath,
          [redocly, 'lint', file, '--extends=recommended', '--format=json'],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
        );
      } catch (error) {
        // Errors found: redocly exits 1, its report still on stdout.
        output = (error as { stdout: string }).stdout;
      }
      const { problems } = JSON.parse(output) as { problems: LintProblem[] };
      const errors = problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('declares the bearer tokens: staff routes need the staff token, account routes the client token', () => {
    const schemes = (doc as { components?: { securitySchemes?: Record<string, unknown> } }).components
      ?.securitySchemes;
    expect(Object.keys(schemes ?? {}).sort()).toEqual(['clientToken', 'staffToken']);
    const security = (url: string, method: string) =>
      (doc.paths[url]?.[method] as { security?: unknown } | undefined)?.security;
    expect(security('/api/staff/today', 'get')).toEqual([{ staffToken: [] }]);
    expect(security('/api/client/account', 'get')).toEqual([{ clientToken: [] }]);
  });
});
