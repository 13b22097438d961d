import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      'apps/storefront',
      { test: { name: 'tools', environment: 'node', include: ['tools/**/*.test.ts'] } },
    ],
  },
});
