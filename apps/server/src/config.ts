import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './paths.ts';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  /** Slug of the organisation this server's shop belongs to; default: the first one. */
  ORGANISATION: optionalString,
  /** Seed the demo shop into an empty database at start. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Public base URL, used in e-mails and payment return links. */
  PUBLIC_URL: optionalString,
  STOREFRONT_DIST: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Kassa <shop@kassa.localhost>'),
  /** Base URL of the FAQ card illustrations; default: the bundled ones. */
  ILLUSTRATIONS_URL: optionalString,
  SENTRY_DSN: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString,
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_API_URL: optionalString,
  /**
   * With NODE_ENV=production the server refuses to start when the shop's
   * gateway is the built-in test page, unless this says it is meant (a demo).
   */
  ALLOW_TEST_GATEWAY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** HMAC key of the form gateway's signed fields; the gateway is offered only when it is set. */
  FORM_GATEWAY_SECRET: optionalString,
  ALTCHA_HMAC_KEY: optionalString,
  /**
   * Orders one IP may submit per 10 minutes before each further one needs a
   * captcha, even in shops that do not ask for one (modules/captcha); 0 is off.
   */
  CAPTCHA_ORDERS_PER_IP: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Reservations one IP may make per 24 hours (decision 0130); 0 is off. */
  RESERVATIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).optional(),
  /**
   * Reverse proxies in front of the server, whose X-Forwarded-For is believed:
   * their addresses or CIDRs (10.0.0.0/8,127.0.0.1), or true for any peer.
   * Default none: a client could otherwise pick its own IP and dodge rate limits.
   * (Fastify 5 refuses hop counts: they cannot tell a proxy from a direct client.)
   */
  TRUST_PROXY: optionalString.transform(parseTrustProxy),
  /**
   * Origins allowed to frame the storefront (CSP frame-ancestors), space
   * separated: https://shop.example https://*.example. Default none.
   */
  FRAME_ANCESTORS: optionalString,
  /** Serve the build's source maps (.map) in production; off by default. */
  SOURCE_MAPS: z.enum(['true', 'false']).optional(),
  /** Serve the API's Swagger UI at /api/docs in production; off by default. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** Milliseconds a GET /plots answer may be reused (lib/answer-cache.ts); 0 is off. */
  PLOTS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** How often each instance refreshes a waiting room's snapshot (and ticks its admissions); decision 0267. */
  WAITING_ROOM_REFRESH_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Milliseconds an anonymous home list, category list or organisation answer may be reused; 0 is off. */
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * On SIGTERM: milliseconds the server keeps answering, with /readyz at 503,
   * so a load balancer's health check takes it out before it stops listening
   * (decision 0256). SIGINT (Ctrl-C) does not wait. Default 2000 in production, else 0.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** After that, milliseconds the requests under way get to finish before the process exits anyway. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof environmentSchema>) {
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? ({ driver: 'pg', url: env.DATABASE_URL } as const)
      : ({ driver: 'pglite', dataDir: resolveDataDir(env.DATA_DIR) } as const),
    dataDir: path.resolve(env.DATA_DIR),
    organisation: env.ORGANISATION,
    seedDemo: env.SEED_DEMO,
    publicUrl: env.PUBLIC_URL,
    storefrontDist: path.resolve(env.STOREFRONT_DIST ?? path.join(serverRoot, '../storefront/dist')),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    illustrationsUrl: env.ILLUSTRATIONS_URL,
    sentryDsn: env.SENTRY_DSN,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
    },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiUrl: env.PAYPAL_API_URL,
    },
    formGatewaySecret: env.FORM_GATEWAY_SECRET,
    allowTestGateway: env.ALLOW_TEST_GATEWAY,
    altchaHmacKey: env.ALTCHA_HMAC_KEY,
    // Off in tests, which place many orders from one address.
    captchaOrdersPerIp: env.CAPTCHA_ORDERS_PER_IP ?? (env.NODE_ENV === 'test' ? 0 : 5),
    // Off in tests for the same reason.
    reservationsPerIp: env.RESERVATIONS_PER_IP ?? (env.NODE_ENV === 'test' ? 0 : 10),
    trustProxy: env.TRUST_PROXY,
    frameAncestors: env.FRAME_ANCESTORS?.split(/\s+/) ?? [],
    // Development and tests keep them; production shows them only when asked.
    sourceMaps: env.SOURCE_MAPS ? env.SOURCE_MAPS === 'true' : env.NODE_ENV !== 'production',
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
    // Off in tests, which change holds between requests and expect to see them at once.
    plotsCacheMs: env.PLOTS_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000),
    waitingRoomRefreshMs: env.WAITING_ROOM_REFRESH_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000),
    catalogCacheMs: env.CATALOG_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000),
    // Only a production instance sits behind a balancer that needs time to notice; elsewhere stop at once.
    drainDelayMs: env.DRAIN_DELAY_MS ?? (env.NODE_ENV === 'production' ? 2000 : 0),
    drainTimeoutMs: env.DRAIN_TIMEOUT_MS,
  };
}

/** TRUST_PROXY as Fastify's trustProxy option takes it. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** `memory://` stays as it is; a folder path becomes absolute. */
function resolveDataDir(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir, 'pglite');
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return toConfig(parsed.data);
}
