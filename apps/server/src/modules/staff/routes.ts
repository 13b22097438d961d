import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import {
  offlineListSchema,
  orderSearchQuerySchema,
  orderSearchSchema,
  scanRequestSchema,
  scanResultSchema,
  staffLoginSchema,
  staffSessionSchema,
  staffUserSchema,
  syncRequestSchema,
  syncResultSchema,
  todaySchema,
  undoResponseSchema,
} from '@kassa/domain/contract/staff';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { shopContext } from '../../lib/context.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { rateLimitByIp } from '../../lib/rate-limit.ts';
import { loginAttempts } from '../captcha/login-attempts.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { loginStaff, STAFF_LOGIN_PER_IP } from './login-staff.ts';
import { offlineList } from './offline-list.ts';
import { searchOrders } from './order-search.ts';
import { scanAnswer } from './scan-answer.ts';
import { scanCode } from './scan-code.ts';
import { normaliseEmail } from './staff-accounts.ts';
import { staffRequestContext } from './staff-context.ts';
import { endStaffSession } from './staff-sessions.ts';
import { syncAdmissions } from './sync-admissions.ts';
import { loadToday } from './today.ts';
import { undoAdmission } from './undo-admission.ts';

const tags = ['staff'];
const denied = { 401: errorBodySchema };

/** The door (decisions 0090–0094): every route but login needs a staff session. */
export async function staffRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = () => deps.now?.() ?? new Date();
  const attempts = loginAttempts(deps);

  const contextOf = staffRequestContext(deps);

  app.post(
    '/staff/login',
    {
      onRequest: rateLimitByIp(db, STAFF_LOGIN_PER_IP, now),
      schema: {
        tags,
        summary: 'Logs a staff member in: a bearer token for the staff routes',
        body: staffLoginSchema,
        response: {
          200: staffSessionSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const { email, password, captcha } = request.body;
      const organisationId = ctx.organisation.id;
      const attempt = {
        account: `staff:${organisationId}:${normaliseEmail(email)}`,
        ip: request.ip,
        captcha,
        now: now(),
      };
      const session = await attempts.guarded(attempt, 'STAFF_LOGIN_FAILED', () =>
        loginStaff(db, { organisationId, email, password, now: attempt.now }),
      );
      return { token: session.token, expires_at: session.expiresAt.toISOString(), staff: session.staff };
    },
  );

  app.post(
    '/staff/logout',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Ends this staff session',
        response: { 200: undoResponseSchema, ...denied },
      },
    },
    async (request) => {
      const { staff } = await contextOf(request, 'door');
      await endStaffSession(db, staff.sessionId);
      return { ok: true as const };
    },
  );

  app.get(
    '/staff/me',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'The staff member of the token',
        response: { 200: staffUserSchema, ...denied },
      },
    },
    async (request) => {
      const { staff } = await contextOf(request, 'door');
      return { id: staff.id, email: staff.email, name: staff.name, role: staff.role };
    },
  );

  app.post(
    '/staff/scans',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Scans a ticket or pass code: admits it once, or says why not',
        querystring: shopQuerySchema,
        body: scanRequestSchema,
        response: { 200: scanResultSchema, ...denied },
      },
    },
    async (request) => {
      const { ctx, staff } = await contextOf(request, 'door');
      const at = now();
      const scan = await scanCode(db, { ctx, staff, code: request.body.code, now: at });
      return scanAnswer(db, ctx, scan, at);
    },
  );

  app.post(
    '/staff/admissions/:id/undo',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Takes an admission back within the undo window',
        params: idParamsSchema,
        response: { 200: undoResponseSchema, 404: errorBodySchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      const { ctx, staff } = await contextOf(request, 'door');
      await undoAdmission(db, {
        organisationId: ctx.organisation.id,
        admissionId: request.params.id,
        staffUserId: staff.id,
        now: now(),
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/staff/scans/sync',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Admissions made while offline, admitted now; duplicates reported',
        querystring: shopQuerySchema,
        body: syncRequestSchema,
        response: { 200: syncResultSchema, ...denied },
      },
    },
    async (request) => {
      const { ctx, staff } = await contextOf(request, 'door');
      return syncAdmissions(db, ctx, staff, request.body, now());
    },
  );

  app.get(
    '/staff/offline-list',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "Today's valid tickets, hashed, for admitting offline",
        querystring: shopQuerySchema,
        response: { 200: offlineListSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'door');
      reply.header('cache-control', 'private, no-store');
      return offlineList(db, ctx, now());
    },
  );

  app.get(
    '/staff/today',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "Today's plots: capacity, sold, reserved, admitted",
        querystring: shopQuerySchema,
        response: { 200: todaySchema, ...denied },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'door');
      reply.header('cache-control', 'private, no-store');
      return loadToday(db, ctx, now());
    },
  );

  // The door's own lookup (every role); the box office's order search is GET /staff/orders (order-routes.ts).
  app.get(
    '/staff/today/orders',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'At the door: orders by number or e-mail, with their tickets and whether each is in',
        querystring: shopQuerySchema.extend(orderSearchQuerySchema.shape),
        response: { 200: orderSearchSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'door');
      reply.header('cache-control', 'private, no-store');
      return searchOrders(db, ctx, request.query.q);
    },
  );
}
