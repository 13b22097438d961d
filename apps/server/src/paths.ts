import { fileURLToPath } from 'node:url';

/**
 * apps/server, resolved once from this file's fixed depth (src/paths.ts) so
 * that no other module derives paths from its own import.meta.url.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));
export const seedAssetsFolder = fileURLToPath(new URL('./seed/assets', import.meta.url));
