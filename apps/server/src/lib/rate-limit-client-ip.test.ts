import { afterEach, describe, expect, it } from 'vitest';
import { createOrganisation } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Limits count per client IP; which IP that is depends on TRUST_PROXY. */
describe('rate limits by client IP', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  async function statuses(app: TestApp, requests: { remoteAddress: string; forwardedFor: string }[]) {
    const result: number[] = [];
    for (const [index, { remoteAddress, forwardedFor }] of requests.entries()) {
      // A code of its own per request: one code tried many times has a budget of its own (decision 0102).
      const response = await app.app.inject({
        method: 'GET',
        url: `/api/voucher/check/UNKNOWNCODE${index}`,
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      result.push(response.statusCode);
    }
    return result;
  }

  it('ignores X-Forwarded-For by default, so a client cannot dodge the limit by inventing addresses', async () => {
    t = await createTestApp();
    await createOrganisation(t.db);
    const requests = Array.from({ length: 11 }, (_, i) => ({
      remoteAddress: '192.0.2.1',
      forwardedFor: `10.0.0.${i}`,
    }));
    expect((await statuses(t, requests)).at(-1)).toBe(429);
  });

  it('counts the address a trusted proxy forwards when TRUST_PROXY names the proxy', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    await createOrganisation(t.db);
    // Eleven visitors behind one load balancer: each has a limit of their own.
    const visitors = Array.from({ length: 11 }, (_, i) => ({
      remoteAddress: '10.1.1.1',
      forwardedFor: `198.51.100.${i}`,
    }));
    expect(await statuses(t, visitors)).toEqual(Array(11).fill(404));
    const oneVisitor = Array.from({ length: 11 }, () => ({
      remoteAddress: '10.1.1.1',
      forwardedFor: '198.51.100.200',
    }));
    expect((await statuses(t, oneVisitor)).at(-1)).toBe(429);
  });
});
