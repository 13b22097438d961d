import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import { cancelRequestSchema } from '@kassa/domain/contract/staff-refunds';
import {
  approveAnswerSchema,
  declineRequestSchema,
  staffRequestListSchema,
  staffRequestSchema,
  staffRequestsQuerySchema,
  type StaffRequest,
} from '@kassa/domain/contract/staff-requests';
import { staffMay } from '@kassa/domain/rules/staff-role';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps, TypedApp } from '../../deps.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orders, staffRequests } from '../../db/schema.ts';
import { refundErrors } from '../../engine/refunds/refund-errors.ts';
import { cancellationWire } from '../../engine/refunds/refund-wire.ts';
import { appendAudit } from '../../lib/audit-log.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { approveRequest, requestErrors } from './request-approval.ts';
import { requestDeclinedMailKind } from './request-declined-mail.ts';
import { staffRequestContext } from './staff-context.ts';

const tags = ['staff'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

const columns = {
  id: staffRequests.id,
  orderId: staffRequests.orderId,
  orderNumber: staffRequests.orderNumber,
  orderStatus: orders.status,
  orderReference: orders.reference,
  firstName: staffRequests.firstName,
  lastName: staffRequests.lastName,
  email: staffRequests.email,
  message: staffRequests.message,
  language: staffRequests.language,
  status: staffRequests.status,
  decidedBy: staffRequests.decidedBy,
  decidedAt: staffRequests.decidedAt,
  answer: staffRequests.answer,
  createdAt: staffRequests.createdAt,
};

async function selectRequests(db: Db | Tx, organisationId: number, where: { id?: number; status?: string }) {
  return db
    .select(columns)
    .from(staffRequests)
    .leftJoin(orders, eq(orders.id, staffRequests.orderId))
    .where(
      and(
        eq(staffRequests.organisationId, organisationId),
        where.id === undefined ? undefined : eq(staffRequests.id, where.id),
        where.status === undefined ? undefined : eq(staffRequests.status, where.status as 'open'),
      ),
    )
    .orderBy(desc(staffRequests.createdAt), desc(staffRequests.id))
    .limit(500);
}

type Row = Awaited<ReturnType<typeof selectRequests>>[number];

function wire(row: Row): StaffRequest {
  return {
    id: row.id,
    order_number: row.orderNumber,
    order_linked: row.orderId !== null,
    order_status: row.orderStatus ?? null,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    message: row.message,
    language: row.language,
    status: row.status,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    answer: row.answer,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The requests inbox (decision 0239): box office staff and managers
 * (`orders`) read the FAQ page's refund requests and approve one, which
 * cancels and refunds through engine/refunds exactly as the cancel route
 * does, or decline it with a message mailed to the visitor.
 */
export async function staffRequestRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const contextOf = staffRequestContext(deps);

  async function oneRequest(organisationId: number, id: number): Promise<Row> {
    const [row] = await selectRequests(db, organisationId, { id });
    if (!row) throw requestErrors.notFound();
    return row;
  }

  app.get(
    '/staff/requests',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Refund and cancellation requests from the FAQ page, newest first',
        querystring: shopQuerySchema.extend(staffRequestsQuerySchema.shape),
        response: { 200: staffRequestListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'orders');
      reply.header('cache-control', 'private, no-store');
      const rows = await selectRequests(db, ctx.organisation.id, { status: request.query.status });
      return { requests: rows.map(wire) };
    },
  );

  app.post(
    '/staff/requests/:id/approve',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary:
          'Approves a request: cancels the chosen tickets or lines and refunds them, as the cancel route',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        body: cancelRequestSchema,
        response: { 200: approveAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { ctx, staff, actor, now } = await contextOf(request, 'orders');
      const body = request.body;
      if (body.refund === 'none' && !staffMay(staff.role, 'manage')) throw refundErrors.methodForbidden();
      const organisationId = ctx.organisation.id;
      const row = await oneRequest(organisationId, request.params.id);
      const answer = await approveRequest(
        { db, gateways: deps.gateways, log: request.log },
        { organisationId, request: row, staff, actor, body, now },
      );
      return {
        request: wire(await oneRequest(organisationId, row.id)),
        cancellation: cancellationWire(answer),
      };
    },
  );

  app.post(
    '/staff/requests/:id/decline',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Declines a request; the visitor is mailed the message',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        body: declineRequestSchema,
        response: { 200: staffRequestSchema, ...errors },
      },
    },
    async (request) => {
      const { ctx, staff, actor, now } = await contextOf(request, 'orders');
      const organisationId = ctx.organisation.id;
      const row = await oneRequest(organisationId, request.params.id);
      if (row.status !== 'open') throw requestErrors.decided();
      const message = request.body.message;
      await db.transaction(async (tx) => {
        const declined = await tx
          .update(staffRequests)
          .set({
            status: 'declined',
            decidedByStaffUserId: staff.id,
            decidedBy: staff.email,
            decidedAt: now,
            answer: message,
          })
          .where(and(eq(staffRequests.id, row.id), eq(staffRequests.status, 'open')))
          .returning({ id: staffRequests.id });
        if (declined.length === 0) throw requestErrors.decided();
        await enqueueMail(
          tx,
          {
            kind: requestDeclinedMailKind,
            organisationId,
            payload: {
              to: row.email,
              name: `${row.firstName} ${row.lastName}`.trim(),
              shop: { name: ctx.organisation.name, email: ctx.organisation.email?.trim() || null },
              orderNumber: row.orderNumber,
              message,
              language: row.language,
            },
          },
          now,
        );
        await appendAudit(tx, {
          organisationId,
          actor,
          action: 'request.decline',
          orderId: row.orderId,
          subject: `request ${row.id}`,
          before: { status: 'open' },
          after: { status: 'declined', message },
        });
      });
      return wire(await oneRequest(organisationId, row.id));
    },
  );
}
