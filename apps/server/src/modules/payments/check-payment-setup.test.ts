/**
 * Decision 0051: the test gateway only where it was chosen. A production
 * server whose shop uses the test page refuses to start unless
 * ALLOW_TEST_GATEWAY=true; a shop whose gateway cannot be used is logged.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import * as s from '../../db/schema.ts';
import { createGateways } from '../../payments/gateways.ts';
import { exitCode, spawnServer, waitUntilHealthy } from '../../testing/child-server.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { checkPaymentSetup } from './check-payment-setup.ts';

describe('payment set-up at start', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  function check(env: Record<string, string>, log = pino({ level: 'silent' })) {
    const config = loadConfig({ DATA_DIR: 'memory://', ...env });
    return checkPaymentSetup(database.db, config, createGateways(config), log);
  }

  it('refuses production with a test-gateway shop unless ALLOW_TEST_GATEWAY=true; allows it elsewhere', async () => {
    await check({ NODE_ENV: 'production' }); // no shop yet: nothing to refuse
    const organisation = await createOrganisation(database.db, { slug: 'live-shop' });
    await expect(check({ NODE_ENV: 'production' })).rejects.toThrow(ConfigError);
    await expect(check({ NODE_ENV: 'production' })).rejects.toThrow(/ALLOW_TEST_GATEWAY=true/);
    await expect(check({ NODE_ENV: 'production', ALLOW_TEST_GATEWAY: 'true' })).resolves.toBeUndefined();
    await expect(check({ NODE_ENV: 'development' })).resolves.toBeUndefined();
    await database.db.delete(s.organisations);
    expect(organisation.paymentGateway).toBe('test');
  });

  it('starts a production Stripe shop without its keys, logging what to set', async () => {
    await createOrganisation(database.db, { slug: 'stripe-shop', paymentGateway: 'stripe' });
    const lines: { msg: string }[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    await check({ NODE_ENV: 'production', ORGANISATION: 'stripe-shop' }, log);
    expect(lines.map((line) => line.msg)).toEqual([expect.stringContaining('STRIPE_SECRET_KEY')]);
    await database.db.delete(s.organisations);
  });

  it('starts a PayPal shop that does not sell in EUR, logging that PayPal charges EUR only', async () => {
    await createOrganisation(database.db, { slug: 'dollar-shop', paymentGateway: 'paypal', currency: 'USD' });
    const lines: { msg: string }[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    await check({ NODE_ENV: 'production', ORGANISATION: 'dollar-shop', ...paypal }, log);
    expect(lines.map((line) => line.msg)).toEqual([
      'payment gateway "paypal" charges in EUR only and the shop\'s currency is USD: payments are refused',
    ]);
    await database.db.delete(s.organisations);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'main.ts exits with the message instead of listening, and starts with the opt-in (native PostgreSQL)',
    async () => {
      await createOrganisation(database.db, { slug: 'demo-like' });
      const env = { NODE_ENV: 'production', DATABASE_URL: database.url! };
      const refused = await spawnServer(env);
      expect(await exitCode(refused)).toBe(1);
      expect(refused.stderr()).toMatch(/ALLOW_TEST_GATEWAY=true/);
      const allowed = await spawnServer({ ...env, ALLOW_TEST_GATEWAY: 'true' });
      try {
        await waitUntilHealthy(allowed);
      } finally {
        await allowed.kill('SIGTERM');
      }
      await database.db.delete(s.organisations);
    },
    180_000,
  );
});
