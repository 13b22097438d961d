import { errorBodySchema } from '@kassa/domain/contract/common';
import {
  attendeeListSchema,
  customerCorrectionSchema,
  markPaidSchema,
  orderNumberParamsSchema,
  resendAnswerSchema,
  resendMailSchema,
  staffOrderDetailSchema,
  staffOrderPageSchema,
  staffOrderQuerySchema,
} from '@kassa/domain/contract/staff-orders';
import { idParamsSchema } from '@kassa/domain/contract/common';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { attendeeCsvHeadings } from './attendee-csv-texts.ts';
import { attendeesCsv, loadAttendees } from './attendee-list.ts';
import { correctCustomer } from './order-customer.ts';
import { markInvoicePaid } from './order-mark-paid.ts';
import { loadOrderPage } from './order-page.ts';
import { resendOrderMail } from './order-resend.ts';
import { searchStaffOrders } from './order-search-staff.ts';
import { staffRequestContext } from './staff-context.ts';

const tags = ['staff'];
const denied = { 401: errorBodySchema, 403: errorBodySchema };

/**
 * Orders behind the counter (decisions 0230–0234): the box office and
 * managers find, read, resend, correct and mark paid (permission `orders`);
 * every role reads a slot's attendee list (permission `door`).
 */
export async function staffOrderRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const contextOf = staffRequestContext(deps);

  app.get(
    '/staff/orders',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary:
          'Finds orders by number, e-mail, name or phone, filtered by visit day, slot, product, status and purchase dates; newest first, paged',
        querystring: shopQuerySchema.extend(staffOrderQuerySchema.shape),
        response: { 200: staffOrderPageSchema, 400: errorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'orders');
      reply.header('cache-control', 'private, no-store');
      return searchStaffOrders(db, ctx, request.query);
    },
  );

  app.get(
    '/staff/orders/:number',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "An order's page: lines, tickets, customer, payments, mails, rebookings, history",
        params: orderNumberParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: staffOrderDetailSchema, 404: errorBodySchema, ...denied },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'orders');
      reply.header('cache-control', 'private, no-store');
      return loadOrderPage(db, ctx, request.params.number);
    },
  );

  app.post(
    '/staff/orders/:number/resend',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "Sends one of the order's mails again (its tickets by default), to its e-mail or another",
        params: orderNumberParamsSchema,
        querystring: shopQuerySchema,
        body: resendMailSchema,
        response: { 200: resendAnswerSchema, 404: errorBodySchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      const { ctx, actor, now } = await contextOf(request, 'orders');
      return resendOrderMail(db, {
        organisationId: ctx.organisation.id,
        number: request.params.number,
        mail: request.body.mail,
        to: request.body.to,
        actor,
        baseUrl: publicBaseUrl(deps.config, request),
        now,
      });
    },
  );

  app.patch(
    '/staff/orders/:number/customer',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "Corrects the order's customer: name, e-mail, phone, answers to the shop's fields",
        params: orderNumberParamsSchema,
        querystring: shopQuerySchema,
        body: customerCorrectionSchema,
        response: { 200: staffOrderDetailSchema, 400: errorBodySchema, 404: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      const { ctx, actor } = await contextOf(request, 'orders');
      await correctCustomer(db, {
        organisationId: ctx.organisation.id,
        number: request.params.number,
        correction: request.body,
        actor,
      });
      return loadOrderPage(db, ctx, request.params.number);
    },
  );

  app.post(
    '/staff/orders/:number/mark-paid',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "Records that an invoiced order's invoice was paid: the order becomes PAID",
        params: orderNumberParamsSchema,
        querystring: shopQuerySchema,
        body: markPaidSchema,
        response: { 200: staffOrderDetailSchema, 404: errorBodySchema, 409: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      const { ctx, actor, now } = await contextOf(request, 'orders');
      await markInvoicePaid(db, deps.orderKinds, {
        organisationId: ctx.organisation.id,
        number: request.params.number,
        reference: request.body.reference,
        actor,
        currency: ctx.organisation.currency,
        baseUrl: publicBaseUrl(deps.config, request),
        now,
      });
      return loadOrderPage(db, ctx, request.params.number);
    },
  );

  app.get(
    '/staff/plots/:id/attendees',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary:
          "A slot's attendees: names, tickets per audience, extras, field answers, admitted; JSON or CSV",
        params: idParamsSchema,
        querystring: shopQuerySchema.extend({ format: z.enum(['json', 'csv']).default('json') }),
        response: {
          200: {
            description: 'The list (JSON), or with format=csv one row per order (CSV, UTF-8 with BOM)',
            content: {
              'application/json': { schema: attendeeListSchema },
              'text/csv': { schema: z.string() },
            },
          },
          404: errorBodySchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'door');
      reply.header('cache-control', 'private, no-store');
      const list = await loadAttendees(db, ctx, request.params.id);
      if (request.query.format !== 'csv') return list;
      const name = `attendees-${list.plot.date ?? 'open'}${list.plot.start ? `-${list.plot.start.replace(':', '')}` : ''}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(`\uFEFF${attendeesCsv(list, attendeeCsvHeadings(ctx.language))}`);
    },
  );
}
