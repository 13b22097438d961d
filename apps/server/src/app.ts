import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { organisationLoader } from './lib/context.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './lib/http-errors.ts';
import { registerJsonBody } from './lib/json-body.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { queryStringParser } from './lib/query-string.ts';
import { readyAfterMigrations, registerHealthRoutes } from './lib/readiness.ts';
import { safeLogger } from './lib/log-safe-error.ts';
import { apiAnswerHeaders, registerSecurityHeaders } from './lib/security-headers.ts';
import { frontAnswers } from './lib/front-answers.ts';
import { recordRouteTable } from './lib/route-table.ts';
import { registerModules } from './modules/index.ts';
import { createGateways } from './payments/gateways.ts';
import type { App, AppDeps, AppOptions } from './deps.ts';
import { ORDER_KIND_PLANS } from './wiring/order-kinds.ts';
// Registers the credit note and the waiting-list offer on every cancellation.
import './wiring/cancellation-listeners.ts';

/** Builds the whole server; used by main.ts and by every test through app.inject. */
export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: safeLogger(options.logger ?? { level: options.config.logLevel }),
    trustProxy: options.config.trustProxy,
    // Bodies are small JSON documents; webhooks register their own parsers.
    bodyLimit: 256 * 1024,
    // Errors before any route runs answer in the contract's shape too (lib/http-errors.ts).
    frameworkErrors,
    clientErrorHandler,
    routerOptions: {
      ignoreTrailingSlash: true,
      // Bracket notation of docs/storefront.md §7.2 into nested objects; recent parses kept (decision 0275).
      querystringParser: queryStringParser(),
    },
  });
  const readiness = options.readiness ?? readyAfterMigrations();
  // Kept answers go out before Fastify sees the request (decision 0289); app.inject goes straight to Fastify.
  const front = frontAnswers({ apiHeaders: apiAnswerHeaders(options.config), readiness, log: app.log });
  front.install(app.server);
  const deps: AppDeps = {
    ...options,
    gateways: options.gateways ?? createGateways(options.config),
    orderKinds: ORDER_KIND_PLANS,
    organisation: organisationLoader(
      options.database.db,
      options.config.organisation,
      options.config.catalogCacheMs,
    ),
    readiness,
    front,
  };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  recordRouteTable(app);
  registerSecurityHeaders(app, deps.config);

  await registerOpenApi(app);
  // The API description and its UI (/api/docs, /api/docs/json): off in production unless API_DOCS=true.
  if (deps.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerHealthRoutes(app, deps.database, readiness);

  await registerModules(app.withTypeProvider<ZodTypeProvider>(), deps);
  return app;
}
