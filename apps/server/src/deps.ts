import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyServerOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { OrderKinds } from './engine/order-kind.ts';
import type { Organisation } from './lib/context.ts';
import type { FrontAnswers } from './lib/front-answers.ts';
import type { Readiness } from './lib/readiness.ts';
import type { RenderPage } from './lib/render-page.ts';
import type { Gateways } from './payments/gateways.ts';

/**
 * What every module is given: its own file, so modules import the type
 * without importing app.ts (which imports every module).
 */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The clock, replaceable in tests. */
  now?: () => Date;
  /** Payment gateway adapters; buildApp creates them from config when none are given. */
  gateways: Gateways;
  /** The order kinds registered with the engine (wiring/order-kinds.ts); buildApp sets them. */
  orderKinds: OrderKinds;
  /** The organisation row shared for CATALOG_CACHE_MS (decision 0008); buildApp creates it. */
  organisation: () => Promise<Organisation>;
  /**
   * The storefront's page renderer (decision 0153); by default the built
   * one in dist-ssr beside the storefront's dist, when it is there.
   */
  renderPage?: RenderPage;
  /** Kept answers sent before routing (decision 0289); buildApp creates it and puts it before Fastify. */
  front: FrontAnswers;
  /** What /readyz answers from (lib/readiness.ts); main.ts passes its own, tests get a ready one. */
  readiness?: Readiness;
}

/** What buildApp takes: AppDeps whose defaults (the gateways) and wiring it fills in itself. */
export type AppOptions = Omit<AppDeps, 'gateways' | 'orderKinds' | 'organisation' | 'front'> &
  Partial<Pick<AppDeps, 'gateways'>>;

export type App = FastifyInstance;
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
