import {
  clientAccountSchema,
  clientGroupListSchema,
  clientLoginLinkRequestSchema,
  clientLoginSchema,
  clientOkSchema,
  clientPasswordLoginSchema,
  clientSchema,
} from '@kassa/domain/contract/client';
import { errorBodySchema, idSchema } from '@kassa/domain/contract/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { shopContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { CLIENT_ONLY } from '../../lib/openapi.ts';
import { rateLimitByIp } from '../../lib/rate-limit.ts';
import { loginAttempts } from '../captcha/login-attempts.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { authenticateClient } from './authenticate-client.ts';
import { clientAccount } from './client-account.ts';
import { clientGroupList } from './client-groups.ts';
import {
  CLIENT_LOGIN_PER_IP,
  ClientRateLimited,
  loginWithLink,
  loginWithPassword,
  normaliseEmail,
  sendLoginLink,
} from './client-login.ts';
import { clientProfile } from './client-profile.ts';
import { endClientSession } from './client-sessions.ts';

const tags = ['client'];
const limited = { 401: errorBodySchema, 429: errorBodySchema };

/** Sets Retry-After on a refusal that carries one, then lets the error handler answer. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientRateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/** Client accounts (docs/storefront.md §3.12, §6.2; decision 0120). */
export async function clientRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = () => deps.now?.() ?? new Date();
  const limitByIp = rateLimitByIp(db, CLIENT_LOGIN_PER_IP, now);
  const attempts = loginAttempts(deps);

  app.post(
    '/client',
    {
      onRequest: limitByIp,
      schema: {
        tags,
        summary: "Log a client in with a login link's single-use token",
        querystring: shopQuerySchema,
        body: clientLoginSchema,
        response: { 200: clientSchema, ...limited },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const session = await loginWithLink(db, {
        organisationId: ctx.organisation.id,
        token: request.body.token,
        now: now(),
      });
      // One answer for a wrong, used or expired token: the response tells nothing about which exist.
      if (!session) throw new AppError(401, 'CLIENT_NOT_FOUND', 'This login link is not valid (any more)');
      return clientProfile(db, ctx, session.client, session.token, now());
    },
  );

  app.post(
    '/client/login',
    {
      onRequest: limitByIp,
      schema: {
        tags,
        summary: 'Log a client in with e-mail and password',
        querystring: shopQuerySchema,
        body: clientPasswordLoginSchema,
        response: { 200: clientSchema, 403: errorBodySchema, ...limited },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const { email, password, captcha } = request.body;
      const organisationId = ctx.organisation.id;
      const attempt = {
        account: `client:${organisationId}:${normaliseEmail(email)}`,
        ip: request.ip,
        captcha,
        now: now(),
      };
      const session = await attempts.guarded(attempt, 'CLIENT_LOGIN_FAILED', () =>
        loginWithPassword(db, { organisationId, email, password, now: attempt.now }),
      );
      return clientProfile(db, ctx, session.client, session.token, now());
    },
  );

  app.post(
    '/client/login-link',
    {
      onRequest: limitByIp,
      schema: {
        tags,
        summary: 'Mail a single-use login link; the same answer whether or not the e-mail has an account',
        querystring: shopQuerySchema,
        body: clientLoginLinkRequestSchema,
        response: { 200: clientOkSchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      await withRetryAfter(reply, () =>
        sendLoginLink(db, {
          organisationId: ctx.organisation.id,
          shopName: ctx.organisation.name,
          email: request.body.email,
          redirect: request.body.redirect,
          language: ctx.language,
          baseUrl: publicBaseUrl(deps.config, request),
          now: now(),
        }),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/client/logout',
    {
      schema: {
        tags,
        security: CLIENT_ONLY,
        summary: "Ends this browser's client session",
        response: { 200: clientOkSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const { token } = await authenticateClient(db, ctx.organisation.id, request, now());
      await endClientSession(db, token);
      return { ok: true as const };
    },
  );

  app.get(
    '/client',
    {
      schema: {
        tags,
        security: CLIENT_ONLY,
        summary: 'The client of the bearer session token',
        querystring: shopQuerySchema,
        response: { 200: clientSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const { client, token } = await authenticateClient(db, ctx.organisation.id, request, now());
      return clientProfile(db, ctx, client, token, now());
    },
  );

  app.get(
    '/client/account',
    {
      schema: {
        tags,
        security: CLIENT_ONLY,
        summary: "My account: the client's subscriptions with their passes, and their orders",
        querystring: shopQuerySchema,
        response: { 200: clientAccountSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const { client } = await authenticateClient(db, ctx.organisation.id, request, now());
      return clientAccount(db, ctx, client.id, now());
    },
  );

  app.get(
    '/groups/:clientId',
    {
      schema: {
        tags,
        security: CLIENT_ONLY,
        summary: "A client's groups; only for that client's own session",
        params: z.object({ clientId: idSchema }),
        querystring: shopQuerySchema,
        response: { 200: clientGroupListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const { client } = await authenticateClient(db, ctx.organisation.id, request, now());
      if (client.id !== request.params.clientId) {
        throw new AppError(403, 'FORBIDDEN', "Another client's groups cannot be read");
      }
      return clientGroupList(db, ctx, client.id);
    },
  );
}
