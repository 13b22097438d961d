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
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerModules } from './modules/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The clock, replaceable in tests. */
  now?: () => Date;
}

export type App = FastifyInstance;
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Builds the whole server; used by main.ts and by every test through app.inject. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: true,
    // Bodies are small JSON documents; webhooks register their own parsers.
    bodyLimit: 256 * 1024,
    routerOptions: {
      ignoreTrailingSlash: true,
      // Bracket notation of spec §7 (order[audiences][0][id]=…) into nested objects.
      querystringParser: (query: string) => qs.parse(query, { depth: 4, arrayLimit: 100, parameterLimit: 200 }),
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
