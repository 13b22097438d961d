/**
 * Liveness and readiness (decision 0256). /healthz says the process and its
 * database answer; /readyz says this instance should be sent traffic: its
 * migrations ran, the database answers and it is not draining. A load
 * balancer checks /readyz, so an instance that was sent SIGTERM is taken out
 * while it still answers what it was already sent.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export interface Readiness {
  /** The database's migrations ran (main.ts sets it once they did). */
  migrated: boolean;
  /** SIGTERM was received: finish what is under way, take nothing new. */
  draining: boolean;
}

/** A server built after its migrations ran (every test through app.inject). */
export function readyAfterMigrations(): Readiness {
  return { migrated: true, draining: false };
}

/** How long /readyz waits for the database before it calls the instance not ready. */
const DATABASE_CHECK_MS = 2000;

export function registerHealthRoutes(app: FastifyInstance, database: Database, readiness: Readiness): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await database.db.execute('select 1');
    return reply.send({ ok: true });
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.draining) return reply.status(503).send({ ready: false, reason: 'draining' });
    if (!readiness.migrated) return reply.status(503).send({ ready: false, reason: 'migrating' });
    if (!(await databaseAnswers(database))) {
      return reply.status(503).send({ ready: false, reason: 'database' });
    }
    return reply.send({ ready: true });
  });

  // While draining, every answer closes its connection, so keep-alive clients
  // and proxies open their next one to an instance that is staying.
  // A callback hook, not an async one: it runs on every answer, and a promise per answer is not free.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  try {
    return await Promise.race([
      database.db.execute('select 1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
