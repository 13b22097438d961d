/**
 * A separate process for the invoice number race test: settles the payments
 * it is given, all at once, on its own connection pool, when its parent
 * says go (a line on stdin). Prints one JSON line: how many settled PAID and
 * the errors. `UNLOCKED=true` numbers the invoices without the counter's
 * lock (the test's negative control).
 */
import { createInterface } from 'node:readline';
import { openDatabase } from '../db/client.ts';
import { settlePayment } from '../engine/settlement/settle-payment.ts';
import { ORDER_KIND_PLANS } from '../wiring/order-kinds.ts';

const database = await openDatabase({ driver: 'pg', url: process.env.DATABASE_URL!, maxConnections: 15 });
const hashes = (process.env.PAYMENT_HASHES ?? '').split(',').filter(Boolean);
const unlocked = process.env.UNLOCKED === 'true';
// Warm the pool so the go signal finds every connection open.
await Promise.all(Array.from({ length: 15 }, () => database.db.execute('select 1')));
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));
const results = await Promise.allSettled(
  hashes.map((hash) =>
    settlePayment(
      database.db,
      ORDER_KIND_PLANS,
      ['test'],
      { status: 'PAID', payment: { hash } },
      new Date(),
      {
        invoice: { unlocked },
      },
    ),
  ),
);
const paid = results.filter((r) => r.status === 'fulfilled' && r.value.kind === 'PAID').length;
const errors = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason).slice(0, 200)] : []));
process.stdout.write(`${JSON.stringify({ paid, errors })}\n`);
lines.close();
await database.close();
