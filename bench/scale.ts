/**
 * npm run bench:scale — three compiled Kassa instances on one native
 * PostgreSQL behind HAProxy (deploy/haproxy.cfg, checking /readyz), a mixed
 * load of orders and test-gateway payments, and one instance killed with
 * SIGKILL half-way and started again. Then it checks, in the database, that
 * nothing was lost, duplicated or oversold (README "Running several
 * instances", decision 0257), and prints throughput before and after the kill.
 *
 *   npm run bench:scale                      (builds first)
 *   BENCH_SCALE_SECONDS=20 BENCH_SCALE_CONCURRENCY=24 npm run bench:scale
 *
 * BENCH_SCALE_DATABASE_URL is the server (default postgres://postgres@127.0.0.1:5432);
 * a fresh database is created on it and dropped afterwards (BENCH_SCALE_KEEP=true keeps it).
 * Exits 1 when an order is lost or duplicated or a seat oversold.
 *
 * What counts (each buyer attempt has its own e-mail address, so an order in
 * the database is matched to the attempt that placed it):
 * - placed: POST /api/orders answered 200 (the buyer learned the order).
 * - paid: POST /pay/test/{hash} answered 303 (the buyer was sent on as paid).
 * - lost: a placed order that is not in the database; a paid answer whose
 *   order is not PAID with its tickets; or an order the buyer never learned
 *   of (its answer was an error or never came) that holds seats with no
 *   expiry, i.e. for ever. One the buyer never learned of that holds seats
 *   until its hold expires (the shop's hold minutes) is counted apart as
 *   "unanswered" and is not lost: its seats come back by themselves.
 * - duplicated: more than one order for one attempt, more than one settled
 *   payment for one order, or more tickets than seats on an order.
 * - oversold: seats on a plot beyond its capacity, counting PAID holds and
 *   PENDING or RESERVED ones that have not expired.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createOrganisation, createPlot, createProduct } from '../apps/server/src/testing/fixtures.ts';
import { serverEnvironment, serverNodeFlags } from './child-server.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const compiled = path.join(repoRoot, 'apps/server/dist/main.js');
const haproxyConfig = path.join(repoRoot, 'deploy/haproxy.cfg');

const SERVER_URL = (process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(
  /\/$/,
  '',
);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 12);
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 12);
const INSTANCES = 3;
/** Seats on the hot slot: small, so it sells out under the load and overselling would show. */
const HOT_SEATS = Number(process.env.BENCH_SCALE_HOT_SEATS ?? 12);
const WIDE_SEATS = 1_000_000;
const HOLD_MINUTES = 15;
/** Share of placed orders that are then paid. */
const PAY_SHARE = 0.8;
const KEEP = process.env.BENCH_SCALE_KEEP === 'true';

interface Attempt {
  email: string;
  plotId: number;
  quantity: number;
  /** The answer to POST /api/orders: HTTP status, or 0 when none came. */
  orderStatus: number;
  orderHash?: string;
  paymentHash?: string;
  payStatus?: number;
}

interface Completion {
  at: number;
  ok: boolean;
}

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  stderr: () => string;
}

function log(message: string): void {
  console.log(`[bench:scale] ${message}`);
}

async function main(): Promise<number> {
  try {
    execFileSync(process.execPath, [path.join(repoRoot, 'deploy/ensure-haproxy.mjs')], { stdio: 'inherit' });
  } catch {
    console.error('bench:scale needs HAProxy (see above).');
    return 1;
  }
  const haproxyBinary = process.env.HAPROXY_PATH?.trim() || '/usr/sbin/haproxy';
  if (!readmeShowsTheConfig()) {
    console.error(
      'README.md\'s HAProxy configuration ("Running several instances") differs from deploy/haproxy.cfg: copy the file into it.',
    );
    return 1;
  }
  if (!existsSync(compiled)) {
    console.error(
      `No compiled server at ${compiled}: run \`npm run build\` first (npm run bench:scale does).`,
    );
    return 1;
  }

  const databaseName = `kassa_scale_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${SERVER_URL}/${databaseName}`;
  try {
    await admin(`CREATE DATABASE ${databaseName}`);
  } catch (error) {
    console.error(
      `Cannot create a database on ${SERVER_URL} (set BENCH_SCALE_DATABASE_URL): ${String(error)}`,
    );
    return 1;
  }
  log(`database ${databaseName} on ${SERVER_URL}`);

  const instances: Instance[] = [];
  let haproxy: ChildProcess | undefined;
  try {
    // The schema and a shop: one product with a hot slot that sells out and a wide one that does not.
    const database = await openDatabase({ driver: 'pg', url: databaseUrl, maxConnections: 2 });
    await database.migrate();
    const organisation = await createOrganisation(database.db, {
      name: 'Scale Museum',
      holdMinutes: HOLD_MINUTES,
    });
    const product = await createProduct(database.db, organisation.id, { priceCents: 1250 });
    const hot = await createPlot(database.db, product.id, { capacity: HOT_SEATS });
    const wide = await createPlot(database.db, product.id, { capacity: WIDE_SEATS });
    await database.close();

    const ports = await Promise.all(Array.from({ length: INSTANCES + 1 }, freePort));
    const listenPort = ports[INSTANCES]!;
    for (let n = 0; n < INSTANCES; n += 1)
      instances.push(startInstance(`kassa${n + 1}`, ports[n]!, databaseUrl));
    await Promise.all(instances.map((instance) => waitReady(instance)));
    log(`${INSTANCES} instances ready on ports ${ports.slice(0, INSTANCES).join(', ')}`);

    let haproxyLog = '';
    haproxy = spawn(haproxyBinary, ['-db', '-f', haproxyConfig], {
      env: {
        PATH: process.env.PATH,
        KASSA_LISTEN: `127.0.0.1:${listenPort}`,
        ...Object.fromEntries(
          instances.map((instance, n) => [`KASSA_${n + 1}`, `127.0.0.1:${instance.port}`]),
        ),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    haproxy.stderr!.on(
      'data',
      (chunk: Buffer) => (haproxyLog = (haproxyLog + chunk.toString()).slice(-20_000)),
    );
    const base = `http://127.0.0.1:${listenPort}`;
    await waitFor(
      `${base}/readyz`,
      30_000,
      () => haproxy!.exitCode === null,
      () => haproxyLog,
    );
    // Let HAProxy's checks see every instance up (rise 2 × inter 500 ms).
    await sleep(1500);
    log(`HAProxy on ${base} (deploy/haproxy.cfg)`);

    // The load.
    const attempts: Attempt[] = [];
    const completions: Completion[] = [];
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const killAt = started + (SECONDS * 1000) / 2;
    let next = 0;
    async function buyer(): Promise<void> {
      while (Date.now() < deadline) {
        const n = next++;
        const attempt: Attempt = {
          email: `buyer${n}@scale.example`,
          // A third of the buyers want the hot slot.
          plotId: n % 3 === 0 ? hot.id : wide.id,
          quantity: 1 + (n % 2),
          orderStatus: 0,
        };
        attempts.push(attempt);
        const placed = await post(
          `${base}/api/orders`,
          'application/json',
          JSON.stringify(orderBody(attempt, product.id)),
        );
        attempt.orderStatus = placed.status;
        if (placed.status !== 200 && placed.status !== 409) noteError(placed);
        completions.push({ at: Date.now(), ok: placed.status === 200 || placed.status === 409 });
        if (placed.status !== 200) continue;
        const answer = JSON.parse(placed.body) as {
          response: { orders: { order: { hash: string }; payment: { hash: string } }[] };
        };
        attempt.orderHash = answer.response.orders[0]!.order.hash;
        attempt.paymentHash = answer.response.orders[0]!.payment.hash;
        if ((n * 7919) % 100 >= PAY_SHARE * 100) continue;
        const paid = await post(
          `${base}/pay/test/${attempt.paymentHash}`,
          'application/x-www-form-urlencoded',
          'action=pay',
        );
        attempt.payStatus = paid.status;
        if (paid.status !== 303) noteError(paid);
        completions.push({ at: Date.now(), ok: paid.status === 303 });
      }
    }
    const load = Promise.all(Array.from({ length: CONCURRENCY }, buyer));

    // Half-way: SIGKILL one instance, start it again on the same port.
    await sleep(Math.max(0, killAt - Date.now()));
    const victim = instances[1]!;
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));
    const killedAt = Date.now();
    log(
      `${victim.name} killed with SIGKILL at ${((killedAt - started) / 1000).toFixed(1)} s; starting it again`,
    );
    const restarted = startInstance(victim.name, victim.port, databaseUrl);
    instances[1] = restarted;
    const backAt = waitReady(restarted).then(() => Date.now());

    await load;
    const ended = Date.now();
    const readyAgainAt = await backAt;
    log(`${victim.name} ready again ${((readyAgainAt - killedAt) / 1000).toFixed(1)} s after the kill`);

    // Stop: HAProxy, then each instance with SIGTERM (the drain of decision 0256).
    haproxy.kill('SIGTERM');
    const exitCodes = await Promise.all(
      instances.map(async (instance) => {
        instance.child.kill('SIGTERM');
        if (instance.child.exitCode === null)
          await new Promise((resolve) => instance.child.once('exit', resolve));
        return instance.child.exitCode;
      }),
    );

    const report = await check(databaseUrl, organisation.id, attempts, [hot, wide]);
    // The checks can fail: the same checker, given an answered order that is not in the
    // database, an attempt that placed two orders and a hot slot one seat smaller than
    // what it sold, must count each (a negative control, run on every bench).
    const placedTwo = attempts.filter((attempt) => attempt.orderStatus === 200).slice(0, 2);
    const control = await check(
      databaseUrl,
      organisation.id,
      [
        ...attempts,
        {
          email: 'nobody@scale.example',
          plotId: hot.id,
          quantity: 1,
          orderStatus: 200,
          orderHash: 'not-in-the-database',
        },
      ],
      [{ id: hot.id, capacity: Math.max(0, report.seatsTaken[hot.id]! - 1) }, wide],
      // The second placed order read as the first one's: two orders for one attempt.
      placedTwo.length === 2 ? new Map([[placedTwo[1]!.email, placedTwo[0]!.email]]) : new Map(),
    );
    const controlOk =
      control.lost === report.lost + 1 &&
      control.duplicated === report.duplicated + (placedTwo.length === 2 ? 1 : 0) &&
      control.oversold === report.oversold + (report.seatsTaken[hot.id]! > 0 ? 1 : 0);
    const before = completions.filter((c) => c.at <= killedAt);
    const after = completions.filter((c) => c.at > killedAt);
    const rate = (list: Completion[], seconds: number) =>
      (list.filter((c) => c.ok).length / seconds).toFixed(0);
    const errors = after.filter((c) => !c.ok).length + before.filter((c) => !c.ok).length;

    console.log('');
    console.log(
      `bench:scale — ${INSTANCES} instances behind HAProxy, ${SECONDS} s, ${CONCURRENCY} buyers at once`,
    );
    console.log(
      `  machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}; figures on a loaded, shared machine are indicative`,
    );
    console.log(
      `  attempts ${attempts.length}; placed ${report.placed}; refused (sold out) ${report.refused}; paid ${report.paid}`,
    );
    console.log(
      `  answered with an error or not at all: ${errors} (the buyer saw it and may try again; statuses ${JSON.stringify(report.errorStatuses)})`,
    );
    for (const sample of errorSamples) console.log(`    e.g. ${sample}`);
    console.log(
      `  unanswered orders in the database (freed when their ${HOLD_MINUTES}-minute hold expires): ${report.unanswered}`,
    );
    console.log(
      `  payments settled whose answer did not reach the buyer (the tickets mail still goes): ${report.paidUnanswered}`,
    );
    console.log(
      `  lost ${report.lost}, duplicated ${report.duplicated}, oversold ${report.oversold} (all must be 0)`,
    );
    for (const line of report.details) console.log(`    ${line}`);
    console.log(
      `  throughput (orders and payments answered per second): before the kill ${rate(before, (killedAt - started) / 1000)}/s, after ${rate(after, (ended - killedAt) / 1000)}/s`,
    );
    console.log(
      `  ${victim.name} back ${((readyAgainAt - killedAt) / 1000).toFixed(1)} s after the kill; instances' exit codes on SIGTERM: ${exitCodes.join(', ')}`,
    );
    console.log(
      `  negative control (a made-up lost order, duplicate and oversold seat are each found): ${controlOk ? 'yes' : 'NO'}`,
    );
    const ok = report.lost === 0 && report.duplicated === 0 && report.oversold === 0 && controlOk;
    console.log(ok ? 'bench:scale: PASSED' : 'bench:scale: FAILED');
    if (!ok) console.log(haproxyLog.split('\n').slice(-20).join('\n'));
    return ok ? 0 : 1;
  } finally {
    if (haproxy && haproxy.exitCode === null) haproxy.kill('SIGKILL');
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null)
        instance.child.kill('SIGKILL');
    }
    if (!KEEP) {
      await sleep(200);
      await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error: unknown) =>
        console.error(`could not drop ${databaseName}: ${String(error)}`),
      );
    } else log(`kept database ${databaseUrl}`);
  }
}

/** The first few error answers, as they came, for the report. */
const errorSamples: string[] = [];
function noteError(answer: { status: number; body: string }): void {
  if (errorSamples.length < 6)
    errorSamples.push(`${answer.status} ${answer.body.replace(/\s+/g, ' ').slice(0, 160)}`);
}

/** The ```haproxy block of the README, without its list indent, is deploy/haproxy.cfg. */
function readmeShowsTheConfig(): boolean {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const block = /\n( *)```haproxy\n([\s\S]*?)\n *```\n/.exec(readme);
  if (!block) return false;
  const indent = block[1]!.length;
  const shown = block[2]!
    .split('\n')
    .map((line) => line.slice(indent))
    .join('\n');
  return shown === readFileSync(haproxyConfig, 'utf8').trimEnd();
}

function orderBody(attempt: Attempt, productId: number) {
  return {
    action: 'pay',
    customer: { first_name: 'Scale', last_name: 'Buyer', email: attempt.email, fields: {} },
    orders: [{ product: { id: productId, plot: attempt.plotId, quantity: attempt.quantity } }],
  };
}

async function post(url: string, type: string, body: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: `${(error as Error).name}${cause ? ` ${cause}` : ''}` };
  }
}

interface Report {
  placed: number;
  refused: number;
  paid: number;
  unanswered: number;
  /** Payments settled whose answer did not reach the buyer (they still get their tickets mail). */
  paidUnanswered: number;
  lost: number;
  duplicated: number;
  oversold: number;
  errorStatuses: Record<string, number>;
  /** Seats taken per plot id. */
  seatsTaken: Record<number, number>;
  details: string[];
}

async function check(
  url: string,
  organisationId: number,
  attempts: Attempt[],
  plots: { id: number; capacity: number | null }[],
  /** Reads an order's e-mail as another (the negative control only). */
  alias: Map<string, string> = new Map(),
): Promise<Report> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const orders = await client.query<{
      id: number;
      hash: string;
      status: string;
      email: string;
      seats: number;
      tickets: number;
    }>(
      `SELECT o.id, o.hash, o.status, o.customer->>'email' AS email,
              (SELECT coalesce(sum(l.quantity), 0)::int FROM order_lines l WHERE l.order_id = o.id) AS seats,
              (SELECT count(*)::int FROM tickets t WHERE t.order_id = o.id) AS tickets
         FROM orders o WHERE o.organisation_id = $1`,
      [organisationId],
    );
    const settled = await client.query<{ order_id: number; n: number }>(
      `SELECT order_id, count(*)::int AS n FROM payments WHERE status = 'PAID' GROUP BY order_id HAVING count(*) > 1`,
    );
    const forever = await client.query<{ order_id: number }>(
      `SELECT order_id FROM capacity_holds WHERE status IN ('PENDING', 'RESERVED') AND expires_at IS NULL`,
    );
    const seats = await client.query<{ plot_id: number; seats: number }>(
      `SELECT plot_id, sum(quantity)::int AS seats FROM capacity_holds
        WHERE status = 'PAID' OR (status IN ('PENDING', 'RESERVED') AND expires_at > now())
        GROUP BY plot_id`,
    );

    const byEmail = new Map<string, typeof orders.rows>();
    for (const row of orders.rows) {
      const email = alias.get(row.email) ?? row.email;
      byEmail.set(email, [...(byEmail.get(email) ?? []), row]);
    }
    const byHash = new Map(orders.rows.map((row) => [row.hash, row]));
    const foreverOrders = new Set(forever.rows.map((row) => row.order_id));
    const details: string[] = [];
    const errorStatuses: Record<string, number> = {};
    let lost = 0;
    let duplicated = 0;
    let unanswered = 0;
    let paidUnanswered = 0;

    for (const attempt of attempts) {
      if (attempt.orderStatus !== 200 && attempt.orderStatus !== 409) {
        errorStatuses[attempt.orderStatus] = (errorStatuses[attempt.orderStatus] ?? 0) + 1;
      }
      if (attempt.payStatus !== undefined && attempt.payStatus !== 303) {
        errorStatuses[`pay ${attempt.payStatus}`] = (errorStatuses[`pay ${attempt.payStatus}`] ?? 0) + 1;
      }
      const rows = byEmail.get(attempt.email) ?? [];
      if (rows.length > 1) {
        duplicated += rows.length - 1;
        details.push(`duplicated: ${rows.length} orders for ${attempt.email}`);
      }
      if (attempt.orderStatus === 200) {
        const row = attempt.orderHash ? byHash.get(attempt.orderHash) : undefined;
        if (!row) {
          lost += 1;
          details.push(`lost: order ${attempt.orderHash} was answered 200 and is not in the database`);
          continue;
        }
        if (attempt.payStatus !== undefined && attempt.payStatus !== 303 && row.status === 'PAID')
          paidUnanswered += 1;
        if (attempt.payStatus === 303 && (row.status !== 'PAID' || row.tickets !== row.seats)) {
          lost += 1;
          details.push(
            `lost: payment of ${row.hash} answered as paid; order ${row.status} with ${row.tickets} of ${row.seats} tickets`,
          );
        }
      } else {
        for (const row of rows) {
          if (foreverOrders.has(row.id)) {
            lost += 1;
            details.push(`lost: order ${row.hash}, never answered, holds seats with no expiry`);
          } else if (row.status === 'PENDING' || row.status === 'RESERVED') unanswered += 1;
        }
      }
    }
    for (const row of orders.rows) {
      if (row.tickets > row.seats) {
        duplicated += row.tickets - row.seats;
        details.push(`duplicated: order ${row.hash} has ${row.tickets} tickets for ${row.seats} seats`);
      }
    }
    for (const row of settled.rows) {
      duplicated += row.n - 1;
      details.push(`duplicated: order id ${row.order_id} has ${row.n} settled payments`);
    }
    let oversold = 0;
    const seatsTaken: Record<number, number> = {};
    for (const plot of plots) {
      const sold = seats.rows.find((row) => row.plot_id === plot.id)?.seats ?? 0;
      seatsTaken[plot.id] = sold;
      if (plot.capacity !== null && sold > plot.capacity) {
        oversold += sold - plot.capacity;
        details.push(`oversold: plot ${plot.id} holds ${sold} seats of ${plot.capacity}`);
      }
      details.push(`plot ${plot.id}: ${sold} of ${plot.capacity} seats taken`);
    }
    return {
      placed: attempts.filter((a) => a.orderStatus === 200).length,
      refused: attempts.filter((a) => a.orderStatus === 409).length,
      paid: attempts.filter((a) => a.payStatus === 303).length,
      unanswered,
      paidUnanswered,
      lost,
      duplicated,
      oversold,
      errorStatuses,
      seatsTaken,
      details,
    };
  } finally {
    await client.end();
  }
}

function startInstance(name: string, port: number, databaseUrl: string): Instance {
  let stderr = '';
  const child = spawn(process.execPath, [...serverNodeFlags(repoRoot), compiled], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      // As production starts it (the memory settings of `npm run start:prod`, decision 0276).
      ...serverEnvironment(repoRoot),
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      // The demo's test gateway, on purpose (decision 0051).
      ALLOW_TEST_GATEWAY: 'true',
      // Every buyer comes from one address here: the per-IP limits are for scripts, not this bench.
      CAPTCHA_ORDERS_PER_IP: '0',
      RESERVATIONS_PER_IP: '0',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
  return { name, port, child, stderr: () => stderr };
}

function waitReady(instance: Instance): Promise<void> {
  return waitFor(
    `http://127.0.0.1:${instance.port}/readyz`,
    120_000,
    () => instance.child.exitCode === null,
    instance.stderr,
  );
}

async function waitFor(
  url: string,
  timeoutMs: number,
  alive: () => boolean,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${url}: the process exited:\n${output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms:\n${output()}`);
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

process.exitCode = await main();
