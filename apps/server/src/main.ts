import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startExpirySweeper } from './modules/payments/expiry-sweeper.ts';
import { createGateways } from './payments/gateways.ts';
import { seedIfEmpty } from './seed/seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await database.migrate();
  if (config.seedDemo) await seedIfEmpty(database.db);

  const gateways = createGateways(config);
  const app = await buildApp({ config, database, gateways });
  // Also retries refunds that failed, through the same gateways the app uses.
  const sweeper = startExpirySweeper(database.db, app.log, { gateways });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let those under way finish, then close the database.
    await app.close();
    await sweeper.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kassa could not start:', error);
  }
  process.exit(1);
});
