import { captchaChallengeSchema } from '@kassa/domain/contract/captcha';
import { verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import * as s from '../../db/schema.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { pageDefinitionsFor } from '../storefront/page-definitions.ts';
import { captchaSecretsLoader } from './captcha-secrets.ts';
import { solveCaptcha } from './solve-captcha.ts';

describe('GET /api/captcha/challenge', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('answers a signed PBKDF2 challenge that expires in five minutes and is never cached', async () => {
    const now = new Date(Date.now() + 60_000);
    test = await createTestApp({}, { now: () => now });
    const first = await test.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    const second = await test.app.inject({ method: 'GET', url: '/api/captcha/challenge' });

    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = captchaChallengeSchema.parse(first.json());
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyLength: 32 });
    expect(challenge.parameters.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 300);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    // Deterministic mode: the expected key is signed, so checking costs one HMAC.
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(captchaChallengeSchema.parse(second.json()).parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('signs with ALTCHA_HMAC_KEY when it is set, and stores no key', async () => {
    test = await createTestApp({ ALTCHA_HMAC_KEY: 'configured-test-key' });
    const { payload } = await solveCaptcha(test.app);

    const withKey = await verifySolution({
      ...payload,
      deriveKey,
      hmacSignatureSecret: 'configured-test-key',
    });
    const withOther = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: 'another-key' });
    expect(withKey.verified).toBe(true);
    expect(withOther.verified).toBe(false);
    const [settings] = await test.db.select({ n: count() }).from(s.serverSettings);
    expect(settings!.n).toBe(0);
  });

  it('without ALTCHA_HMAC_KEY, a second instance on the same database accepts the first one’s challenge', async () => {
    test = await createTestApp();
    const organisation = await createOrganisation(test.db, { captchaEnabled: true });
    const product = await createProduct(test.db, organisation.id);
    const plot = await createPlot(test.db, product.id);
    const other = await buildApp({
      config: test.config,
      database: test.database,
      logger: false,
    });
    try {
      const { token } = await solveCaptcha(test.app);
      const response = await other.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          action: 'pay',
          captcha: token,
          customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} },
          orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [settings] = await test.db.select({ n: count() }).from(s.serverSettings);
      expect(settings!.n).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('captcha secrets', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('instances asking at the same time agree on one generated key', async () => {
    test = await createTestApp();
    const loaders = Array.from({ length: 4 }, () => captchaSecretsLoader(test!.db, undefined));
    const secrets = await Promise.all(loaders.map((load) => load()));

    expect(new Set(secrets.map((secret) => secret.signature)).size).toBe(1);
    expect(secrets[0]!.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets[0]!.keySignature).not.toBe(secrets[0]!.signature);
    const rows = await test.db.select().from(s.serverSettings);
    expect(rows.map((row) => row.value)).toEqual([secrets[0]!.signature]);
  });
});

describe('page definitions', () => {
  it('turn the captcha on when the shop wants one or the server may ask per IP', async () => {
    const test = await createTestApp();
    try {
      const organisation = await createOrganisation(test.db, { captchaEnabled: false });
      const perIpOff = loadConfig({ NODE_ENV: 'production', CAPTCHA_ORDERS_PER_IP: '0' });
      const perIpOn = loadConfig({ NODE_ENV: 'production' });

      expect(pageDefinitionsFor(organisation, perIpOff).captcha).toEqual({
        enabled: false,
        challengeUrl: '/api/captcha/challenge',
      });
      expect(pageDefinitionsFor(organisation, perIpOn).captcha.enabled).toBe(true);
      expect(pageDefinitionsFor({ ...organisation, captchaEnabled: true }, perIpOff).captcha.enabled).toBe(
        true,
      );
    } finally {
      await test.close();
    }
  });
});
