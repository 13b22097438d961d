/**
 * `npm run shop -- <command> …`: the shop's command line (README,
 * "The shop command"). Opens the database the server uses (DATABASE_URL, or
 * the PGlite folder in DATA_DIR: stop the server first, PGlite allows one
 * process) and brings its schema up to date before a command runs.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { readSecret } from './read-secret.ts';
import { runShop } from './run-shop.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  return runShop(
    process.argv.slice(2),
    {
      organisationSlug: config.organisation,
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      readSecret,
      now: () => new Date(),
      dataDir: config.dataDir,
      cwd: process.env.INIT_CWD ?? process.cwd(),
    },
    async () => {
      const database = await openDatabase(config.database);
      await database.migrate();
      return database;
    },
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
