import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Gateways } from '../../payments/gateways.ts';
import { sweepExpiredOrders } from './sweep-expired-orders.ts';
import { retryRefunds } from '../settlement/refund-payment.ts';

export interface ExpirySweeper {
  /** Stops the timer and waits for a sweep under way, so the database can close after it. */
  stop(): Promise<void>;
}

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
  options: { intervalMs?: number; now?: () => Date; gateways?: Gateways } = {},
): ExpirySweeper {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    const gateways = options.gateways;
    running = sweepExpiredOrders(db, now())
      .then(async (result) => {
        if (result.orders > 0) log.info(result, 'expired unpaid orders');
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
