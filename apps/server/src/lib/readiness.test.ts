/**
 * /readyz (decision 0256): 200 only once the migrations ran, the database
 * answers and the instance is not draining; /healthz stays the liveness
 * check. While draining every answer closes its connection.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { Readiness } from './readiness.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => {});
  t = undefined;
});

async function appWith(readiness: Readiness) {
  t = await createTestApp({}, { readiness });
  return t;
}

describe('/readyz', () => {
  it('is 200 when migrated, not draining and the database answers; 503 with the reason otherwise', async () => {
    const readiness: Readiness = { migrated: false, draining: false };
    const { app } = await appWith(readiness);

    const migrating = await app.inject({ method: 'GET', url: '/readyz' });
    expect(migrating.statusCode).toBe(503);
    expect(migrating.json()).toEqual({ ready: false, reason: 'migrating' });

    readiness.migrated = true;
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers.connection).not.toBe('close');

    readiness.draining = true;
    const draining = await app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ ready: false, reason: 'draining' });
    // Liveness is unaffected by draining: the process is well, it is just leaving.
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
  });

  it('is 503 when the database does not answer', async () => {
    const { app, database } = await appWith({ migrated: true, draining: false });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await database.close();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ready: false, reason: 'database' });
  });

  it('is ready by default for a server built after its migrations (every app.inject test)', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
