import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { extendScheduledPlots } from './extend-schedules.ts';

export interface ScheduleWorker {
  /** Stops the timer and waits for a run under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * How often the rolling window is extended. Daily would do; every few hours
 * makes a missed run (a restart, a failure) cost hours, not a day, and a run
 * with nothing to add is one small query per scheduled product.
 */
export const SCHEDULE_INTERVAL_MS = 3 * 60 * 60 * 1000;

/**
 * Extends every scheduled product's plots on start and then on a timer, in
 * every server instance (decision 0166): the extension claims products with
 * FOR UPDATE SKIP LOCKED and inserts through a unique index, so instances
 * never double a plot. A run never overlaps the previous one; a failed run is
 * logged and the next one tries again.
 */
export function startScheduleWorker(
  db: Db,
  log: FastifyBaseLogger,
  options: { intervalMs?: number; now?: () => Date } = {},
): ScheduleWorker {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = extendScheduledPlots(db, now())
      .then((extensions) => {
        const added = extensions.reduce((sum, extension) => sum + extension.added, 0);
        if (added > 0) log.info({ added, products: extensions.length }, 'schedules: rolling window extended');
        for (const failed of extensions.filter((extension) => extension.skipped === 'FAILED')) {
          log.error({ product: failed.productSlug, error: failed.error }, 'schedules: window not extended');
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'schedule extension failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs ?? SCHEDULE_INTERVAL_MS);
  // The timer alone never keeps the process alive.
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
