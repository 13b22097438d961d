import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const storefront = 'apps/storefront';

/** The storefront's test files (relative to it) that mock a module. */
function filesThatMock(): { mocking: string[]; others: string[] } {
  const files = readdirSync(path.join(storefront, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join('src', file));
  const mocking = files.filter((file) => readFileSync(path.join(storefront, file), 'utf8').includes('vi.mock('));
  return { mocking, others: files.filter((file) => !mocking.includes(file)) };
}

const { mocking, others } = filesThatMock();

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      // Storefront files share a worker, with fresh modules and an empty document each (decision 0210);
      // those that mock a module get a worker of their own, since vitest keeps mocks within a worker.
      {
        extends: `./${storefront}/vitest.config.ts`,
        test: {
          name: 'storefront',
          root: `./${storefront}`,
          exclude: mocking,
          isolate: false,
          setupFiles: ['./src/testing/fresh-modules.ts'],
        },
      },
      {
        extends: `./${storefront}/vitest.config.ts`,
        test: { name: 'storefront-mocking', root: `./${storefront}`, exclude: others },
      },
      { test: { name: 'tools', environment: 'node', include: ['tools/**/*.test.ts'] } },
    ],
  },
});
