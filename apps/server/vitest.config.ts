import { defineProject } from 'vitest/config';

export default defineProject({
  // The storefront's page renderer is tested from source (modules/storefront/rendered-pages.test.ts);
  // its modules import each other through this alias (apps/storefront/vite.config.ts).
  resolve: { alias: { '@': decodeURIComponent(new URL('../storefront/src', import.meta.url).pathname) } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    env: { TZ: 'UTC' },
    // Picks PostgreSQL or PGlite and migrates the template every file's database is copied from (decision 0210).
    globalSetup: ['./src/testing/test-database-setup.ts'],
    // A worker runs file after file with the packages it already loaded (Fastify, PGlite's compiled
    // WebAssembly); each file still gets its own database and fresh server modules (decision 0210).
    isolate: false,
    setupFiles: ['./src/testing/fresh-modules.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
