import { clientGroupListSchema, clientLoginSchema, clientSchema } from '@kassa/domain/contract/client';
import { errorBodySchema, idSchema } from '@kassa/domain/contract/common';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { shopContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { shopQuerySchema } from '../catalog/shop-query.ts';
import { authenticateClient } from './authenticate-client.ts';
import { clientGroupList } from './client-groups.ts';
import { clientProfile } from './client-profile.ts';
import { findClientByToken } from './find-client.ts';

const tags = ['client'];

/** Client login and reads (spec §3 Client, §6 logged-in client). */
export async function clientRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = () => deps.now?.() ?? new Date();

  app.post(
    '/client',
    {
      schema: {
        tags,
        summary: 'Log a client in with their token',
        querystring: shopQuerySchema,
        body: clientLoginSchema,
        response: { 200: clientSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const client = await findClientByToken(db, ctx.organisation.id, request.body.token);
      // One answer for every wrong token, so the response tells nothing about which tokens exist.
      if (!client) throw new AppError(401, 'CLIENT_NOT_FOUND', 'No client with this token');
      return clientProfile(db, ctx, client, now());
    },
  );

  app.get(
    '/client',
    {
      schema: {
        tags,
        summary: 'The client of the bearer token',
        querystring: shopQuerySchema,
        response: { 200: clientSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const client = await authenticateClient(db, ctx.organisation.id, request);
      return clientProfile(db, ctx, client, now());
    },
  );

  app.get(
    '/groups/:clientId',
    {
      schema: {
        tags,
        summary: "A client's groups; only for that client's own bearer token",
        params: z.object({ clientId: idSchema }),
        querystring: shopQuerySchema,
        response: { 200: clientGroupListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const client = await authenticateClient(db, ctx.organisation.id, request);
      if (client.id !== request.params.clientId) {
        throw new AppError(403, 'FORBIDDEN', "Another client's groups cannot be read");
      }
      return clientGroupList(db, ctx, client.id);
    },
  );
}
