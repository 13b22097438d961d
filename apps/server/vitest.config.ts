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
    // Each file opens its own database; PGlite's WASM start-up dominates.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
