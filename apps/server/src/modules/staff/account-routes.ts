import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import {
  newStaffAccountSchema,
  setStaffPasswordSchema,
  staffAccountChangeSchema,
  staffAccountListSchema,
  staffAccountSchema,
  staffPasswordSetSchema,
} from '@kassa/domain/contract/staff-accounts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { shopContext } from '../../lib/context.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { rateLimitByIp } from '../../lib/rate-limit.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { listStaffAccounts } from './staff-account-list.ts';
import {
  addStaffAccount,
  changeStaffAccount,
  sendStaffPasswordLink,
  setStaffAccountActive,
} from './staff-account-writes.ts';
import { staffRequestContext, type StaffRequestContext } from './staff-context.ts';
import { setPasswordWithLink, STAFF_PASSWORD_PER_IP } from './staff-password-links.ts';

const tags = ['staff'];
const denied = { 401: errorBodySchema, 403: errorBodySchema };
const write = { ...denied, 404: errorBodySchema, 409: errorBodySchema };

/**
 * Staff accounts in the browser (decision 0245): managers only (`manage`),
 * every write audited in its own transaction. Setting a password through a
 * mailed link is the one route here without a session.
 */
export async function staffAccountRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const contextOf = staffRequestContext(deps);
  const manager = (request: FastifyRequest) => contextOf(request, 'manage');

  /** Where a set-password mail links to, in the manager's language (a shop's staff share one). */
  function linkMail({ ctx }: StaffRequestContext, request: FastifyRequest) {
    return {
      shopName: ctx.organisation.name,
      baseUrl: publicBaseUrl(deps.config, request),
      language: ctx.language,
    };
  }

  app.get(
    '/staff/accounts',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "The shop's staff accounts with their roles (managers only)",
        response: { 200: staffAccountListSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { ctx } = await manager(request);
      reply.header('cache-control', 'private, no-store');
      return { accounts: await listStaffAccounts(db, ctx.organisation.id) };
    },
  );

  app.post(
    '/staff/accounts',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Adds a staff account and mails the person a link to set their password',
        querystring: shopQuerySchema,
        body: newStaffAccountSchema,
        response: { 201: staffAccountSchema, ...write },
      },
    },
    async (request, reply) => {
      const context = await manager(request);
      const account = await addStaffAccount(db, {
        ...request.body,
        organisationId: context.ctx.organisation.id,
        actor: context.actor,
        now: context.now,
        mail: linkMail(context, request),
      });
      return reply.code(201).send(account);
    },
  );

  app.patch(
    '/staff/accounts/:id',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "Changes a staff account's name or role; the last active manager keeps the role",
        params: idParamsSchema,
        body: staffAccountChangeSchema,
        response: { 200: staffAccountSchema, ...write },
      },
    },
    async (request) => {
      const context = await manager(request);
      return changeStaffAccount(db, {
        ...request.body,
        id: request.params.id,
        organisationId: context.ctx.organisation.id,
        actor: context.actor,
        now: context.now,
      });
    },
  );

  for (const [path, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/staff/accounts/:id/${path}`,
      {
        schema: {
          tags,
          security: STAFF_ONLY,
          summary: active
            ? 'Lets a disabled staff account log in again'
            : 'Stops a staff account logging in and ends its sessions; never the last active manager',
          params: idParamsSchema,
          response: { 200: staffAccountSchema, ...write },
        },
      },
      async (request) => {
        const context = await manager(request);
        return setStaffAccountActive(db, {
          id: request.params.id,
          active,
          organisationId: context.ctx.organisation.id,
          actor: context.actor,
          now: context.now,
        });
      },
    );
  }

  app.post(
    '/staff/accounts/:id/password-link',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Mails the person a single-use link to set a new password',
        querystring: shopQuerySchema,
        params: idParamsSchema,
        response: { 200: staffAccountSchema, ...write },
      },
    },
    async (request) => {
      const context = await manager(request);
      return sendStaffPasswordLink(db, {
        id: request.params.id,
        organisationId: context.ctx.organisation.id,
        actor: context.actor,
        now: context.now,
        mail: linkMail(context, request),
      });
    },
  );

  app.post(
    '/staff/password',
    {
      onRequest: rateLimitByIp(db, STAFF_PASSWORD_PER_IP, () => deps.now?.() ?? new Date()),
      schema: {
        tags,
        summary: "Sets a staff member's password with the single-use link mailed to them",
        body: setStaffPasswordSchema,
        response: { 200: staffPasswordSetSchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      return setPasswordWithLink(db, {
        organisationId: ctx.organisation.id,
        token: request.body.token,
        password: request.body.password,
        now: deps.now?.() ?? new Date(),
      });
    },
  );
}
