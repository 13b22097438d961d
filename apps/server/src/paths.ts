import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, resolved once from this file's fixed depth (src/paths.ts) so
 * that no other module derives paths from its own import.meta.url.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));
export const seedAssetsFolder = fileURLToPath(new URL('./seed/demo-catalogue/images', import.meta.url));

/** Images of imported catalogue files (decision 0160), served under /media/ before the demo's own. */
export function catalogueMediaFolder(dataDir: string): string {
  return path.join(dataDir, 'media');
}
