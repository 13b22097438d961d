/**
 * Orders per minute on one hot slot: many buyers at once on a single plot,
 * through the real app (buildApp + inject: routing, validation, pricing, the
 * booking transaction), on native PostgreSQL. Every booking of the slot
 * queues on the same plot lock, so this measures the serialised critical
 * section. It also checks the slot was not oversold.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/orders-hot-slot.ts
 *
 * A throw-away database is created on that server and dropped afterwards.
 * From bench/run.ts: `await benchOrdersHotSlot()` (prints; returns figures).
 */
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { sum, eq } from 'drizzle-orm';
import { capacityHolds } from '../apps/server/src/db/schema.ts';
import { createOrganisation, createPlot, createProduct } from '../apps/server/src/testing/fixtures.ts';
import { openTestDatabase } from '../apps/server/src/testing/test-database.ts';

export interface HotSlotSettings {
  /** Order attempts in all. */
  orders: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Seats on the slot; attempts beyond it must be refused. */
  seats: number;
}

export interface HotSlotResult {
  ordersPerMinute: number;
  booked: number;
  refused: number;
  failed: number;
  seatsSold: number;
  seats: number;
  oversold: number;
  seconds: number;
}

const TARGET_PER_MINUTE = 12_000;
const DEFAULTS: HotSlotSettings = {
  orders: Number(process.env.BENCH_HOT_SLOT_ORDERS ?? 3000),
  concurrency: Number(process.env.BENCH_HOT_SLOT_CONCURRENCY ?? 32),
  seats: Number(process.env.BENCH_HOT_SLOT_SEATS ?? 2500),
};

/** Runs the benchmark and prints its figures; undefined when no PostgreSQL is configured. */
export async function benchOrdersHotSlot(
  settings: Partial<HotSlotSettings> = {},
): Promise<HotSlotResult | undefined> {
  const { orders, concurrency, seats } = { ...DEFAULTS, ...settings };
  process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;
  if (!process.env.TEST_DATABASE_URL) {
    console.log('orders hot slot: skipped (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server)');
    return undefined;
  }
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', DATA_DIR: 'memory://' });
  const app = await buildApp({ config, database, logger: false });
  try {
    const { db } = database;
    const organisation = await createOrganisation(db);
    const product = await createProduct(db, organisation.id, { priceCents: 1500 });
    const plot = await createPlot(db, product.id, { capacity: seats });
    let next = 0;
    const counts = { booked: 0, refused: 0, failed: 0 };
    async function buyer(): Promise<void> {
      while (next < orders) {
        const n = next++;
        const response = await app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            action: 'pay',
            customer: {
              first_name: 'Bench',
              last_name: `Buyer ${n}`,
              email: `buyer${n}@example.test`,
              fields: {},
            },
            orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
          },
        });
        if (response.statusCode === 200) counts.booked += 1;
        else if (response.statusCode === 409) counts.refused += 1;
        else counts.failed += 1;
      }
    }
    // Warm up connections and code paths on another slot, so the clock times bookings only.
    const warm = await createPlot(db, product.id, { capacity: 1000 });
    await Promise.all(
      Array.from({ length: concurrency }, (_, n) =>
        app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            customer: { first_name: 'Warm', last_name: 'Up', email: `warm${n}@example.test`, fields: {} },
            orders: [{ product: { id: product.id, plot: warm.id, quantity: 1 } }],
          },
        }),
      ),
    );
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, buyer));
    const seconds = (performance.now() - started) / 1000;
    const [held] = await db
      .select({ seats: sum(capacityHolds.quantity).mapWith(Number) })
      .from(capacityHolds)
      .where(eq(capacityHolds.plotId, plot.id));
    const seatsSold = held?.seats ?? 0;
    const result: HotSlotResult = {
      ordersPerMinute: Math.round(((counts.booked + counts.refused) / seconds) * 60),
      ...counts,
      seatsSold,
      seats,
      oversold: Math.max(0, seatsSold - seats),
      seconds,
    };
    printHotSlot(result, concurrency);
    return result;
  } finally {
    await app.close();
    await database.close();
  }
}

function printHotSlot(result: HotSlotResult, concurrency: number): void {
  const ratio = result.ordersPerMinute / TARGET_PER_MINUTE;
  console.log(
    `orders hot slot (${concurrency} buyers at once, one plot of ${result.seats} seats, native PostgreSQL)`,
  );
  console.log(
    `  ${result.ordersPerMinute.toLocaleString('en')} orders/min (target ${TARGET_PER_MINUTE.toLocaleString('en')}: ratio ${ratio.toFixed(2)})`,
  );
  console.log(
    `  booked ${result.booked}, refused ${result.refused} (NOT_ENOUGH_CAPACITY), failed ${result.failed}, in ${result.seconds.toFixed(1)} s`,
  );
  console.log(
    `  seats sold ${result.seatsSold} of ${result.seats}: ${result.oversold === 0 ? '0 oversold' : `OVERSOLD by ${result.oversold}`}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchOrdersHotSlot();
}
