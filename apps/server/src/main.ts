import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { Readiness } from './lib/readiness.ts';
import { createMailer } from './mail/create-mailer.ts';
import { checkPaymentSetup } from './modules/payments/check-payment-setup.ts';
import { startExpirySweeper } from './engine/expiry/expiry-sweeper.ts';
import { startScheduleWorker } from './modules/schedules/schedule-worker.ts';
import { startMailWorker } from './outbox/mail-worker.ts';
import { createGateways } from './payments/gateways.ts';
import { catalogueMediaFolder } from './paths.ts';
import { SEED_PROCESS_ENV, seedAndExit, seedIfNoShop, seedNewFolder } from './seed/seed-process.ts';
import { MAIL_KINDS } from './wiring/mail-kinds.ts';
import { PLACES_FREED_LISTENERS } from './wiring/places-freed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.env[SEED_PROCESS_ENV] === '1') return seedAndExit(config);
  // Seeding (and creating a new PGlite folder) grows a process's heap, allocator and PGlite memory
  // for good: another process does it, and this one serves with the memory of any later start
  // (decisions 0276, 0288).
  await seedNewFolder(config);
  let database = await openDatabase(config.database);
  const readiness: Readiness = { migrated: false, draining: false };
  await database.migrate();
  readiness.migrated = true;
  database = await seedIfNoShop(config, database);
  mkdirSync(catalogueMediaFolder(config.dataDir), { recursive: true });

  const gateways = createGateways(config);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, gateways, readiness });
  try {
    await checkPaymentSetup(database.db, config, gateways, app.log);
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  // Also retries refunds that failed, through the same gateways the app uses.
  const sweeper = startExpirySweeper(database.db, app.log, {
    gateways,
    onPlacesFreed: PLACES_FREED_LISTENERS,
  });
  // Requests only queue mail; this sends the outbox, here and in every other instance (decision 0050).
  const mailWorker = startMailWorker({
    db: database.db,
    mailer,
    log: app.log,
    kinds: MAIL_KINDS,
    publicUrl: config.publicUrl,
  });
  // Keeps scheduled products' plots generated over their rolling window, in every instance (decision 0166).
  const scheduleWorker = startScheduleWorker(database.db, app.log);
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 from now on, and every answer closes its connection (lib/readiness.ts).
    readiness.draining = true;
    // SIGTERM comes from an orchestrator: keep answering until the load balancer has seen /readyz
    // fail and sends nothing more. Ctrl-C (SIGINT) is a person at a terminal: no wait.
    const delayMs = signal === 'SIGTERM' ? config.drainDelayMs : 0;
    app.log.info({ signal, delayMs, timeoutMs: config.drainTimeoutMs }, 'draining');
    // The bound: whatever still runs by then is cut, and the exit code says so (decision 0256).
    setTimeout(() => {
      app.log.error(
        { timeoutMs: config.drainTimeoutMs },
        'requests still under way after the drain timeout; exiting',
      );
      process.exit(1);
    }, delayMs + config.drainTimeoutMs).unref();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    // Stop taking requests, let those under way finish, then the workers, then close the database.
    await app.close();
    await sweeper.stop();
    await mailWorker.stop();
    await scheduleWorker.stop();
    await database.close();
    app.log.info({ signal }, 'drained; exiting');
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
