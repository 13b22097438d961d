import { errorBodySchema } from '@kassa/domain/contract/common';
import { auditPageSchema, auditQuerySchema } from '@kassa/domain/contract/staff-audit';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { listAudit } from './audit-list.ts';
import { staffRequestContext } from './staff-context.ts';

/** The whole audit log, for managers only (decision 0246); an order's entries show on its order page. */
export async function staffAuditRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const contextOf = staffRequestContext(deps);

  app.get(
    '/staff/audit',
    {
      schema: {
        tags: ['staff'],
        security: STAFF_ONLY,
        summary: 'The audit log, newest first: filtered by action, staff member, order and shop dates; paged',
        querystring: shopQuerySchema.extend(auditQuerySchema.shape),
        response: { 200: auditPageSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'manage');
      reply.header('cache-control', 'private, no-store');
      return listAudit(db, ctx, request.query);
    },
  );
}
