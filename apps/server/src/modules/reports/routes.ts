import { errorBodySchema } from '@kassa/domain/contract/common';
import {
  giftCardReportSchema,
  noShowReportSchema,
  occupancyReportSchema,
  refundReportSchema,
  reportPeriodSchema,
  salesQuerySchema,
  salesReportSchema,
  todayReportSchema,
} from '@kassa/domain/contract/staff-reports';
import { calendarDateAt } from '@kassa/domain/rules/wall-clock';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { staffRequestContext } from '../staff/staff-context.ts';
import { occupancy } from './occupancy-report.ts';
import { giftCards, noShows, refundsReport } from './other-reports.ts';
import { salesReport } from './sales-report.ts';

const tags = ['staff'];
const refused = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The manager's view (decision 0262): every answer asks for the `manage` permission. */
export async function staffReportRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const contextOf = staffRequestContext(deps);

  app.get(
    '/staff/reports/sales',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary:
          'Sales of a period on the shop calendar: the invoices and credit notes issued on its days, grouped by day, week, month, product, audience, channel or coupon',
        querystring: salesQuerySchema,
        response: { 200: salesReportSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'manage');
      reply.header('cache-control', 'private, no-store');
      const { from, to, by } = request.query;
      return salesReport(db, ctx.organisation, { from, to, by }, ctx.language);
    },
  );

  app.get(
    '/staff/reports/occupancy',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary:
          'Every slot of a period: capacity, sold, reserved, admitted and free (the heat map of the coming days reads it too)',
        querystring: reportPeriodSchema,
        response: { 200: occupancyReportSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { ctx, now } = await contextOf(request, 'manage');
      reply.header('cache-control', 'private, no-store');
      const { from, to } = request.query;
      return {
        from,
        to,
        time_zone: ctx.organisation.timeZone,
        plots: await occupancy(db, ctx.organisation, from, to, now, ctx.language),
      };
    },
  );

  app.get(
    '/staff/reports/today',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: "Today's slots on the shop calendar: capacity, sold, reserved, admitted and free, as of now",
        querystring: shopQuerySchema,
        response: { 200: todayReportSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { ctx, now } = await contextOf(request, 'manage');
      reply.header('cache-control', 'private, no-store');
      const today = calendarDateAt(now, ctx.organisation.timeZone);
      return {
        date: today,
        time_zone: ctx.organisation.timeZone,
        at: now.toISOString(),
        plots: await occupancy(db, ctx.organisation, today, today, now, ctx.language),
      };
    },
  );

  app.get(
    '/staff/reports/gift-cards',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Gift-card credit outstanding now, and the credit that expires in the next 90 days',
        querystring: shopQuerySchema,
        response: { 200: giftCardReportSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { ctx, now } = await contextOf(request, 'manage');
      reply.header('cache-control', 'private, no-store');
      return giftCards(db, ctx.organisation, now);
    },
  );

  app.get(
    '/staff/reports/no-shows',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Tickets sold and not let in, per product and day of the visit',
        querystring: reportPeriodSchema,
        response: { 200: noShowReportSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'manage');
      reply.header('cache-control', 'private, no-store');
      const { from, to } = request.query;
      return { from, to, rows: await noShows(db, ctx.organisation, from, to, ctx.language) };
    },
  );

  app.get(
    '/staff/reports/refunds',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Cancellations and refunds made on the days of a period, per day and per refund method',
        querystring: reportPeriodSchema,
        response: { 200: refundReportSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'manage');
      reply.header('cache-control', 'private, no-store');
      const { from, to } = request.query;
      return refundsReport(db, ctx.organisation, from, to);
    },
  );
}
