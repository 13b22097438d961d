import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { organisationLoader, type Organisation } from './lib/context.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { createMailer } from './mail/create-mailer.ts';
import type { Mailer } from './mail/mail-message.ts';
import { registerModules } from './modules/index.ts';
import { createGateways, type Gateways } from './payments/gateways.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The clock, replaceable in tests. */
  now?: () => Date;
  /** Sends mail; buildApp creates one from config when none is given. */
  mailer: Mailer;
  /** Payment gateway adapters; buildApp creates them from config when none are given. */
  gateways: Gateways;
  /** The organisation row shared for CATALOG_CACHE_MS (decision 0008); buildApp creates it. */
  organisation: () => Promise<Organisation>;
}

/** What buildApp takes: AppDeps whose defaults (the mailer, the gateways) it fills in itself. */
export type AppOptions = Omit<AppDeps, 'mailer' | 'gateways' | 'organisation'> &
  Partial<Pick<AppDeps, 'mailer' | 'gateways'>>;

export type App = FastifyInstance;
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Builds the whole server; used by main.ts and by every test through app.inject. */
export async function buildApp(options: AppOptions): Promise<App> {
  const deps: AppDeps = {
    ...options,
    mailer: options.mailer ?? createMailer(options.config),
    gateways: options.gateways ?? createGateways(options.config),
    organisation: organisationLoader(
      options.database.db,
      options.config.organisation,
      options.config.catalogCacheMs,
    ),
  };
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    // Bodies are small JSON documents; webhooks register their own parsers.
    bodyLimit: 256 * 1024,
    routerOptions: {
      ignoreTrailingSlash: true,
      // Bracket notation of spec §7 (order[audiences][0][id]=…) into nested objects.
      querystringParser: (query: string) =>
        qs.parse(query, { depth: 4, arrayLimit: 100, parameterLimit: 200 }),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Kassa storefront API', version: '1.0.0' },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    await deps.database.db.execute('select 1');
    return reply.send({ ok: true });
  });

  await registerModules(app.withTypeProvider<ZodTypeProvider>(), deps);
  return app;
}
