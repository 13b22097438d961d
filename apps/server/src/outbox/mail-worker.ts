import { sendDueMail, type MailDelivery } from './send-due-mail.ts';

export interface MailWorker {
  /** Stops the timer and waits for the run under way (its sends end within SEND_TIMEOUT_MS). */
  stop(): Promise<void>;
}

/** How often the outbox is looked at: the most a new mail waits. */
export const MAIL_POLL_MS = 1000;

/**
 * Sends the outbox on a timer, in every server instance (main.ts): jobs are
 * claimed with FOR UPDATE SKIP LOCKED, so instances share the work and never
 * send one twice. A run never overlaps the previous one; a failed run is
 * logged and the next tick tries again.
 */
export function startMailWorker(
  delivery: MailDelivery,
  options: { intervalMs?: number; now?: () => Date } = {},
): MailWorker {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sendDueMail(delivery, now, () => stopped)
      .then((result) => {
        if (result.failed > 0) delivery.log.info(result, 'mail outbox run');
      })
      .catch((error: unknown) => delivery.log.error({ err: error }, 'mail outbox run failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs ?? MAIL_POLL_MS);
  // The timer alone never keeps the process alive.
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
