// The server's module rule (docs/architecture.md, "Layers and the module
// rule"; decision 0215), checked by `npm run lint` with dependency-cruiser:
//
// 1. No import cycle, runtime or type-only.
// 2. Units are listed bottom to top. A file may import its own unit and
//    units listed before it, never one listed after it. A unit is a folder
//    (or file) under apps/server/src; db and lib are one unit, as the schema
//    uses lib's secrets and lib's loaders read the schema.
// 3. Route files (routes.ts, *-routes.ts in modules/) sit above every
//    module: they may use any module, no module's service uses them.
// 4. Tests, *-fixtures.ts, fakes/ and testing/ may import anything; nothing
//    else imports them.
// 5. A file outside every unit fails: a new folder takes its place in the
//    list before it can import anything.
//
// Run from the repository root (npm run lint): paths are matched from there.

import path from 'node:path';

const SRC = '^apps/server/src/';
const TEST_SUPPORT = '(\\.test\\.ts|-fixtures\\.ts)$|/fakes/|^apps/server/src/testing/';
const ROUTES = '^apps/server/src/modules/[^/]+/[a-z0-9-]*routes\\.ts$';

/** Bottom to top: [unit, its path under src/ as a regular expression, what it is]. */
const UNITS = [
  ['base', '(paths\\.ts|config\\.ts|db/|lib/)', 'paths, the environment, the database, small shared helpers'],
  ['mail', 'mail/', 'sending a built mail (SMTP or .eml files)'],
  ['gateways', 'payments/', 'payment gateway adapters (test, Stripe, PayPal, form)'],
  ['outbox', 'outbox/', 'mail jobs and their worker; kinds register in wiring/'],
  ['engine', 'engine/', 'the order engine: placement, pricing, booking, hand-off, settlement, expiry'],
  ['deps', 'deps\\.ts', 'AppDeps: what every module is given'],
  // Modules: kinds and features, each using only those listed before it.
  ['captcha', 'modules/captcha/', 'proof-of-work gate'],
  ['availability', 'modules/availability/', 'plots, seats left, the shop’s clock'],
  ['rebook', 'modules/rebook/', 'changing a booking: links, checks, the plan'],
  ['tickets', 'tickets/', 'tickets, receipts and their PDFs and mail'],
  ['gift-cards', 'gift-cards/', 'gift cards: PDF and mail'],
  ['clients', 'modules/clients/', 'client accounts, sessions, login links'],
  ['catalog', 'modules/catalog/', 'the catalogue’s pages'],
  ['coupons', 'modules/coupons/', 'coupon checks and the code-guessing budget'],
  ['checkout', 'modules/checkout/', 'the order route every kind shares: captcha, Idempotency-Key, hand-off'],
  ['faq', 'modules/faq/', 'FAQ and refund requests'],
  ['organisation', 'modules/organisation/', 'the shop’s settings'],
  ['media', 'modules/media/', 'catalogue images'],
  ['reservations', 'modules/reservations/', 'reserving, limits, reservation mails, paying later'],
  ['waitlist', 'modules/waitlist/', 'waiting lists of full plots, offers of freed places'],
  ['waiting-room', 'modules/waiting-room/', 'rush mode: the queue, admissions, passes'],
  ['orders', 'modules/orders/', 'the product kind (POST /api/orders)'],
  ['subscriptions', 'modules/subscriptions/', 'the subscription kind, passes, renewals'],
  ['vouchers', 'modules/vouchers/', 'the voucher kind, voucher checks'],
  ['withdrawal', 'modules/withdrawal/', 'the right of withdrawal from voucher and pass purchases'],
  ['schedules', 'modules/schedules/', 'plots from opening schedules'],
  ['staff', 'modules/staff/', 'staff accounts, the door'],
  ['storefront', 'modules/storefront/', 'the storefront’s pages, served'],
  ['payments', 'modules/payments/', 'payment routes, return page, downloads'],
  ['orders-export', 'modules/orders-export/', 'orders out as CSV'],
  ['reports', 'modules/reports/', 'the manager’s view: sales, occupancy, gift cards, no-shows, refunds'],
  ['routes', null, 'route files of every module'],
  ['module-index', 'modules/index\\.ts', 'every module’s routes under /api'],
  ['wiring', 'wiring/', 'the kinds and mail kinds registered with the engine and the outbox'],
  ['app', 'app\\.ts', 'buildApp'],
  ['catalogue-file', 'catalogue-file/', 'the catalogue file: read, write, import'],
  ['seed', 'seed/', 'the demo shop'],
  ['cli', 'cli/', 'the shop command'],
  ['main', 'main\\.ts', 'the server process'],
];

const unitPath = (pattern) => (pattern === null ? ROUTES : `${SRC}${pattern}`);
const anyOf = (patterns) => patterns.map((pattern) => `(${pattern})`).join('|');

const layerRules = UNITS.map(([name, pattern], index) => {
  const above = UNITS.slice(index + 1).map(([, higher]) => unitPath(higher));
  // Below the route files, a unit's own route files are above it too.
  const routesAbove = UNITS.slice(index + 1).some(([, higher]) => higher === null);
  return {
    name: `layer-${name}`,
    severity: 'error',
    comment: `${name} imports only units listed before it in tools/server-module-rule.mjs`,
    from: { path: unitPath(pattern), pathNot: anyOf([TEST_SUPPORT, ...(pattern === null ? [] : [ROUTES])]) },
    to: { path: anyOf(routesAbove ? [...above, ROUTES] : above) },
  };
}).filter((rule) => rule.to.path !== '');

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycle, type-only imports included (decision 0215).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-test-support',
      severity: 'error',
      comment: 'Tests, fixtures, fakes and testing/ are for tests only.',
      from: { pathNot: TEST_SUPPORT },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'unplaced',
      severity: 'error',
      comment: 'Every server file belongs to a unit of the module rule: add the new folder to UNITS.',
      from: { path: SRC, pathNot: anyOf([TEST_SUPPORT, ...UNITS.map(([, pattern]) => unitPath(pattern))]) },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    includeOnly: SRC,
    tsPreCompilationDeps: true,
    // Absolute: its `extends` is resolved from the file, not from the working folder.
    tsConfig: { fileName: path.join(import.meta.dirname, '..', 'apps', 'server', 'tsconfig.json') },
    moduleSystems: ['es6'],
  },
};
