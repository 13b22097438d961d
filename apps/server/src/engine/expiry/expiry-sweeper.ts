import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Gateways } from '../../payments/gateways.ts';
import { sweepExpiredOrders } from './sweep-expired-orders.ts';
import { retryRefunds } from '../settlement/refund-payment.ts';

export interface ExpirySweeper {
  /** Stops the timer and waits for a sweep under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs after each sweep with the plots whose places the sweep gave back
 * (registered in wiring/places-freed.ts: the waiting lists, decision 0252).
 */
export type PlacesFreedListener = (db: Db, plotIds: readonly number[], now: Date) => Promise<void>;

/** How often unpaid orders past their hold are marked EXPIRED. */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * Runs the expired-order sweep on a timer, in every server instance: the
 * sweep claims orders with FOR UPDATE SKIP LOCKED, so instances never wait
 * on or double-handle each other. Seats free themselves at expiry anyway;
 * the sweep makes the order's status say so and gives discounts back. With
 * the gateways, each run also tries again refunds that failed (retryRefunds).
 * A run never overlaps the previous one; a failed run is logged and the
 * next one tries again.
 */
export function startExpirySweeper(
  db: Db,
  log: FastifyBaseLogger,
  options: {
    intervalMs?: number;
    now?: () => Date;
    gateways?: Gateways;
    onPlacesFreed?: readonly PlacesFreedListener[];
  } = {},
): ExpirySweeper {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    const gateways = options.gateways;
    const at = now();
    running = sweepExpiredOrders(db, at)
      .then(async (result) => {
        if (result.orders > 0) log.info(result, 'expired unpaid orders');
        for (const listener of options.onPlacesFreed ?? []) {
          await listener(db, result.plotIds, at).catch((error: unknown) =>
            log.error({ err: error }, 'offering freed places failed'),
          );
        }
        if (gateways) await retryRefunds({ db, gateways, log }, now());
      })
      .catch((error: unknown) => log.error({ err: error }, 'expired-order sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs ?? SWEEP_INTERVAL_MS);
  // The timer alone never keeps the process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
