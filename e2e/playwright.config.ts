import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-args.ts';
import { freePort, freshDataFolder, repoRoot, scratchFolder } from './test-server.ts';

// Playwright loads this file in the runner and again in every worker. The
// port and data folder are chosen once, in the runner, and handed to the
// workers through the environment they inherit.
process.env.KASSA_E2E_PORT ??= String(await freePort());
process.env.KASSA_E2E_DATA_DIR ??= freshDataFolder();
// Chromium profiles and Playwright's own temp files stay inside the repo, even where TMPDIR points elsewhere.
process.env.TMPDIR = path.join(scratchFolder, 'e2e-tmp');
mkdirSync(process.env.TMPDIR, { recursive: true });

const port = Number(process.env.KASSA_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(scratchFolder, 'e2e-results'),
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two cores are shared with the server under test: more workers only queue.
  workers: process.env.CI ? 1 : 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: path.join(scratchFolder, 'playwright-report') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    // The real server, one PID (no npx wrapper), serving the built storefront.
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // Fresh PGlite, migrations and the demo seed take most of a minute on a busy two-core machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.KASSA_E2E_DATA_DIR,
      SEED_DEMO: 'true',
      // The demo shop sells through the built-in test page, on purpose (decision 0051).
      ALLOW_TEST_GATEWAY: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Every spec orders from 127.0.0.1: the per-IP captcha threshold is for scripts, not this suite.
      CAPTCHA_ORDERS_PER_IP: '0',
    },
  },
});
