import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to PGlite in ./data and port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.driver).toBe('pglite');
  });

  it('uses native PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect(config.database).toEqual({ driver: 'pg', url: 'postgres://u@localhost/db' });
  });

  it('names every bad variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('waits DRAIN_DELAY_MS on SIGTERM only in production by default, and bounds the drain (decision 0256)', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      drainDelayMs: 2000,
      drainTimeoutMs: 10_000,
    });
    expect(loadConfig({})).toMatchObject({ drainDelayMs: 0, drainTimeoutMs: 10_000 });
    expect(
      loadConfig({ NODE_ENV: 'production', DRAIN_DELAY_MS: '0', DRAIN_TIMEOUT_MS: '500' }),
    ).toMatchObject({
      drainDelayMs: 0,
      drainTimeoutMs: 500,
    });
    expect(() => loadConfig({ DRAIN_TIMEOUT_MS: '-1' })).toThrow(/DRAIN_TIMEOUT_MS/);
  });
});
