/**
 * Gap-free invoice numbers under load (decision 0242): 200 orders settle at
 * once in two processes, each on its own connection pool, and get 200
 * distinct consecutive numbers. The negative control numbers them without
 * the counter row's lock (read the last, write it plus one): then numbers
 * collide and settlements fail. Native PostgreSQL only (a PGlite database is
 * one process's).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { serverRoot } from '../../paths.ts';
import { createOrganisation, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-database.ts';

const ORDERS = 200;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface WorkerResult {
  paid: number;
  errors: string[];
}

describe.skipIf(!onPostgres)('invoice numbers (native PostgreSQL only: set TEST_DATABASE_URL)', () => {
  let test: TestApp;
  let shop: { organisationId: number; productId: number; plotIds: number[] };
  // Each run on a database of its own: the app serves one shop.
  beforeEach(async () => {
    test = await createTestApp();
    const organisation = await createOrganisation(test.db, { name: 'Race Museum', holdMinutes: 120 });
    const product = await createProduct(test.db, organisation.id, { priceCents: 1250 });
    // A plot per order: a settlement locks its plot, and orders sharing one would take turns there,
    // hiding the race on the number this test is about.
    const plots = await test.db
      .insert(s.plots)
      .values(Array.from({ length: ORDERS }, () => ({ productId: product.id, capacity: 5 })))
      .returning({ id: s.plots.id });
    shop = { organisationId: organisation.id, productId: product.id, plotIds: plots.map((plot) => plot.id) };
  }, 120_000);
  afterEach(() => test?.close());

  /** A shop with `ORDERS` unpaid orders of one ticket each: their payment hashes. */
  async function unpaidOrders(): Promise<string[]> {
    const hashes: string[] = [];
    for (let batch = 0; batch < ORDERS; batch += 20) {
      const placed = await Promise.all(
        Array.from({ length: Math.min(20, ORDERS - batch) }, async (_, n) => {
          const response = await test.app.inject({
            method: 'POST',
            url: '/api/orders',
            payload: {
              action: 'pay',
              customer: {
                first_name: 'Race',
                last_name: `${batch + n}`,
                email: `r${batch + n}@race.example`,
                fields: {},
              },
              orders: [{ product: { id: shop.productId, plot: shop.plotIds[batch + n], quantity: 1 } }],
            },
          });
          if (response.statusCode !== 200) throw new Error(response.body);
          return response.json().response.orders[0].payment.hash as string;
        }),
      );
      hashes.push(...placed);
    }
    return hashes;
  }

  /** Two processes settle half of the payments each, starting together. */
  async function settleInTwoProcesses(hashes: string[], unlocked: boolean): Promise<WorkerResult[]> {
    const url = (test.database as TestDatabase).url!;
    const halves = [hashes.filter((_, i) => i % 2 === 0), hashes.filter((_, i) => i % 2 === 1)];
    const workers = halves.map((half) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/testing/settle-worker.ts'], {
        cwd: serverRoot,
        stdio: ['pipe', 'pipe', 'inherit'],
        env: {
          ...process.env,
          DATABASE_URL: url,
          PAYMENT_HASHES: half.join(','),
          UNLOCKED: String(unlocked),
        },
      });
      const lines = createInterface({ input: child.stdout! });
      const output: string[] = [];
      const ready = new Promise<void>((resolve) =>
        lines.on('line', (line) => {
          if (line === 'ready') resolve();
          else output.push(line);
        }),
      );
      const done = new Promise<WorkerResult>((resolve, reject) =>
        child.once('exit', (code) =>
          code === 0 ? resolve(JSON.parse(output.at(-1)!)) : reject(new Error(`worker exited ${code}`)),
        ),
      );
      return { child, ready, done };
    });
    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.child.stdin!.write('go\n');
    return Promise.all(workers.map((worker) => worker.done));
  }

  it('200 settlements at once in two processes get 200 distinct consecutive numbers', async () => {
    const hashes = await unpaidOrders();
    const results = await settleInTwoProcesses(hashes, false);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.reduce((sum, r) => sum + r.paid, 0)).toBe(ORDERS);
    const rows = await test.db
      .select()
      .from(s.invoices)
      .where(eq(s.invoices.organisationId, shop.organisationId));
    expect(rows).toHaveLength(ORDERS);
    expect(rows.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: ORDERS }, (_, i) => i + 1),
    );
    expect(new Set(rows.map((row) => row.number)).size).toBe(ORDERS);
    expect(new Set(rows.map((row) => row.orderId)).size).toBe(ORDERS);
  }, 300_000);

  it('negative control: without the counter row lock numbers collide and settlements fail', async () => {
    const hashes = await unpaidOrders();
    const results = await settleInTwoProcesses(hashes, true);
    const rows = await test.db
      .select()
      .from(s.invoices)
      .where(eq(s.invoices.organisationId, shop.organisationId));
    const consecutive =
      rows.length === ORDERS &&
      rows
        .map((row) => row.sequence)
        .sort((a, b) => a - b)
        .every((sequence, i) => sequence === i + 1);
    expect(consecutive).toBe(false);
    expect(results.flatMap((r) => r.errors).length).toBeGreaterThan(0);
  }, 300_000);
});
