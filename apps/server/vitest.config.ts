import { defineProject } from 'vitest/config';

export default defineProject({
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
