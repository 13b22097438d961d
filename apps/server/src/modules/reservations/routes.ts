import { errorBodySchema } from '@kassa/domain/contract/common';
import {
  editReservationRequestSchema,
  reservationAnswerSchema,
  reservationCouponParamsSchema,
  reservationCouponRequestSchema,
} from '@kassa/domain/contract/reservation';
import type { FastifyRequest } from 'fastify';
import { text } from '@kassa/domain/contract/text';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { requestLanguage } from '../../lib/language.ts';
import { rateLimitByIp } from '../../lib/rate-limit.ts';
import { codeGuessBudget } from '../coupons/code-guessing.ts';
import { COUPON_RATE_LIMIT } from '../coupons/routes.ts';
import { changeReservationCoupons } from './change-coupons.ts';
import { editReservationCustomer } from './edit-customer.ts';
import { findReservation } from './find-reservation.ts';
import { reservationAnswer } from './reservation-answer.ts';

const hashParams = z.object({ hash: text().min(1).max(200) });
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The reservation page's calls (docs/storefront.md §7.2, §7.11), under /api. */
export async function reservationRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const guessing = codeGuessBudget(deps);

  /** Every answer is the reservation as it is now, never from a cache (its secret hash is in the path). */
  async function answer(request: FastifyRequest, hash: string) {
    const organisation = await deps.organisation();
    const found = await findReservation(db, hash);
    const language = requestLanguage(request, organisation.defaultLanguage);
    return {
      ok: true as const,
      response: await reservationAnswer(db, organisation, found, language, now()),
    };
  }

  app.get(
    '/reservation/:hash',
    {
      schema: {
        tags: ['reservations'],
        summary: 'A reservation: customer, reserved items, totals and what may change',
        params: hashParams,
        response: { 200: reservationAnswerSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(request, request.params.hash);
    },
  );

  app.patch(
    '/reservation/:hash',
    {
      schema: {
        tags: ['reservations'],
        summary: "Change a reservation's customer details (same rules as the order form)",
        params: hashParams,
        body: editReservationRequestSchema,
        response: { 200: reservationAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const organisation = await deps.organisation();
      await editReservationCustomer(db, organisation.id, request.params.hash, request.body, now());
      return answer(request, request.params.hash);
    },
  );

  app.post(
    '/reservation/:hash/coupon',
    {
      // Codes can be guessed: the same per-IP budget as POST /api/coupon, shared with it.
      onRequest: rateLimitByIp(db, COUPON_RATE_LIMIT, now),
      schema: {
        tags: ['reservations'],
        summary: 'Apply a coupon or voucher code to a reservation; the server prices it again',
        params: hashParams,
        body: reservationCouponRequestSchema,
        response: { 200: reservationAnswerSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const organisation = await deps.organisation();
      // Wrong codes spend the shared guessing budget (decision 0102).
      const guess = { ip: request.ip, codes: [request.body.code], captcha: undefined, now: now() };
      await guessing.guarded(guess, () =>
        changeReservationCoupons(db, organisation.id, request.params.hash, { add: request.body.code }, now()),
      );
      return answer(request, request.params.hash);
    },
  );

  app.delete(
    '/reservation/:hash/coupon/:code',
    {
      schema: {
        tags: ['reservations'],
        summary: 'Remove a code from a reservation; the server prices it again',
        params: reservationCouponParamsSchema,
        response: { 200: reservationAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const organisation = await deps.organisation();
      const { hash, code } = request.params;
      await changeReservationCoupons(db, organisation.id, hash, { remove: code }, now());
      return answer(request, hash);
    },
  );
}
