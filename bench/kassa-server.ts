import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startChildServer, type ChildServer } from './child-server.ts';

/**
 * The real server as production runs it, compiled (apps/server/dist/main.js,
 * built by `npm run build`; decision 0255), with the demo seed: on a fresh
 * PGlite folder under .tmp, or on DATABASE_URL when that is set.
 */
export async function startKassa(repoRoot: string): Promise<ChildServer> {
  const scratch = path.join(repoRoot, '.tmp');
  mkdirSync(scratch, { recursive: true });
  const dataFolder = mkdtempSync(path.join(scratch, 'bench-data-'));
  const server = await startChildServer('apps/server/dist/main.js', {
    cwd: repoRoot,
    // The demo shop sells through the built-in test page, on purpose (decision 0051).
    env: { DATA_DIR: dataFolder, SEED_DEMO: 'true', LOG_LEVEL: 'warn', ALLOW_TEST_GATEWAY: 'true' },
    readyPath: '/healthz',
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataFolder, { recursive: true, force: true });
    },
  };
}
