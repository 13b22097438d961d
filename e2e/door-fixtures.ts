/**
 * The door specs' set-up: a server of their own whose staff member was made
 * with the real `npm run shop -- staff add`, and tickets bought through the
 * real API and paid on the test gateway's page, read back from their PDF.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { qrImagesOfPdf, readQr, type RgbImage } from './camera-feed.ts';
import { repoRoot, startServer, type SpecServer } from './test-server.ts';

export const STAFF_EMAIL = 'door@demo-museum.example';
export const STAFF_PASSWORD = 'scan-them-all-2026';
export const STAFF_NAME = 'Sam Door';

/** Runs `npm run shop -- …` on a halted server's database. */
export function shop(dataFolder: string, args: string[], input = ''): void {
  execFileSync('npm', ['run', 'shop', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataFolder, LOG_LEVEL: 'warn' },
    input,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/**
 * The door specs buy today's zoo tickets at whatever hour they run, and the
 * zoo stops selling today at its closing time, 18:00 (decision 0205): its
 * closing time is taken out of the shop's catalogue first, through the real
 * export and import.
 */
export function sellTheZooUntilMidnight(dataFolder: string): void {
  const file = path.join(dataFolder, 'door-catalogue', 'catalogue.yaml');
  shop(dataFolder, ['export', file]);
  const exported = readFileSync(file, 'utf8');
  const allDay = exported.replace(/^ +closes: "18:00"\n/m, '');
  if (allDay === exported) throw new Error('The exported catalogue has no zoo closing time to take out');
  writeFileSync(file, allDay);
  shop(dataFolder, ['import', file, '--apply']);
}

/** A staff account a spec logs in with; no role is the door's. */
export interface StaffAccount {
  email: string;
  password: string;
  name: string;
  role?: 'manager' | 'box-office';
}

/** The door's account, the one the door specs log in with. */
export const DOOR_ACCOUNT: StaffAccount = { email: STAFF_EMAIL, password: STAFF_PASSWORD, name: STAFF_NAME };

/**
 * A seeded server, halted once so the real `npm run shop -- staff add` can
 * make the accounts (asked for the password twice, as a person types it)
 * and the spec's own preparation can run on its database, then started again.
 */
export async function startStaffServer(
  accounts: readonly StaffAccount[],
  prepare: (dataFolder: string) => void = () => {},
): Promise<SpecServer> {
  const seeded = await startServer({});
  await seeded.halt();
  for (const { email, password, name, role } of accounts) {
    shop(
      seeded.dataFolder,
      ['staff', 'add', email, '--name', name, ...(role ? ['--role', role] : [])],
      `${password}\n${password}\n`,
    );
  }
  prepare(seeded.dataFolder);
  return startServer({}, seeded.dataFolder);
}

/** The door specs' server: the door's account, and the zoo selling until midnight. */
export function startDoorServer(): Promise<SpecServer> {
  return startStaffServer([DOOR_ACCOUNT], sellTheZooUntilMidnight);
}

/** The shop's today (Europe/Amsterdam, the demo's zone). */
export function shopToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
}

export interface BoughtTickets {
  email: string;
  /** What each ticket's QR code says. */
  codes: string[];
  /** Each ticket's QR image, as printed in the PDF. */
  images: RgbImage[];
}

/** Buys `quantity` zoo-day tickets for today (a day ticket: valid all day), pays them, reads their QR codes. */
export async function buyTicketsForToday(
  request: APIRequestContext,
  quantity: number,
  email: string,
): Promise<BoughtTickets> {
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const zoo = home.products.find((product) => product.slug === 'zoo-day');
  if (!zoo) throw new Error('The demo shop has no zoo-day');
  const today = shopToday();
  const plots = (await (
    await request.get(
      `/api/products/${zoo.id}/plots?order[quantity]=${quantity}&filterFrom=${today}&filterUntil=${today}`,
    )
  ).json()) as Array<{ id: number; date: string }>;
  const plot = plots.find((candidate) => candidate.date === today);
  if (!plot) throw new Error(`zoo-day has no plot on ${today}`);
  const organisation = (await (await request.get('/api/organisation')).json()) as Organisation;
  const fields = Object.fromEntries(
    Object.entries(organisation.fields)
      .filter(([, field]) => field.type === 'EMAIL_CONFIRM')
      .map(([id]) => [id, email]),
  );
  const placed = await request.post('/api/orders', {
    data: {
      action: 'pay',
      customer: { first_name: 'Ada', last_name: 'Lovelace', email, fields },
      orders: [{ product: { id: zoo.id, plot: plot.id, quantity }, upsells: {}, audiences: {} }],
    },
  });
  if (!placed.ok()) throw new Error(`order refused: ${await placed.text()}`);
  const answer = (await placed.json()) as {
    response: { orders: Array<{ order: { hash: string }; payment: { hash: string } }> };
  };
  const { order, payment } = answer.response.orders[0]!;
  const paid = await request.post(`/pay/test/${payment.hash}`, { form: { action: 'pay' }, maxRedirects: 0 });
  if (paid.status() >= 400) throw new Error(`payment failed: ${paid.status()}`);
  const pdf = await request.get(`/api/orders/${order.hash}/tickets.pdf`);
  if (!pdf.ok()) throw new Error(`no tickets: ${await pdf.text()}`);
  const images = qrImagesOfPdf(await pdf.body());
  const codes = images.map((image) => readQr(image));
  if (images.length !== quantity || codes.some((code) => !code))
    throw new Error('the PDF does not carry readable QR codes');
  return { email, codes: codes as string[], images };
}
