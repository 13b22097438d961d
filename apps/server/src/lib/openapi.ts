import swagger, { type SwaggerTransform } from '@fastify/swagger';
import { errorBodySchema } from '@kassa/domain/contract/common';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Which bearer tokens a route takes, as OpenAPI says it: any one of the listed requirements. */
type Security = Record<string, string[]>[];

/** A route open to anyone that also reads a client's session token when one is sent (group offers). */
export const ANYONE_OR_CLIENT: Security = [{}, { clientToken: [] }];
/** A route for a logged-in client only. */
export const CLIENT_ONLY: Security = [{ clientToken: [] }];
/** A staff route: the token of POST /api/staff/login. */
export const STAFF_ONLY: Security = [{ staffToken: [] }];

/**
 * The document's converter: the zod schemas of each route into JSON Schema,
 * and a 400 in the error shape on every route that validates input (the
 * central error handler answers VALIDATION_ERROR there), so no route has to
 * repeat it.
 */
const transform: SwaggerTransform<FastifySchema & { hide?: boolean }> = (document) => {
  const { schema } = document;
  if (!schema || !(schema.body || schema.querystring || schema.params)) return jsonSchemaTransform(document);
  const response = (schema.response ?? {}) as Record<string, unknown>;
  return jsonSchemaTransform({
    ...document,
    schema: { ...schema, response: { 400: errorBodySchema, ...response } },
  });
};

/**
 * The OpenAPI 3.1 description of /api (served at /api/docs/json when API_DOCS
 * allows): 3.1 so a nullable value is `type: [..., "null"]`, which 3.0's
 * `nullable` could not say of a union. Bearer tokens are declared as security
 * schemes; a route says which it needs with `security` in its schema.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kassa storefront API',
        version: '1.0.0',
        description:
          'The shop, its orders and the door. Errors answer { ok: false, error: { code, message } }.',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          clientToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A client session token, from POST /api/client/login or POST /api/client',
          },
          staffToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A staff session token, from POST /api/staff/login',
          },
        },
      },
      security: ANYONE_OR_CLIENT,
    },
    transform,
  });
}
