import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  type CreateOrderRequest,
} from '@kassa/domain/contract/orders';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { captchaGate } from '../captcha/captcha-gate.ts';
import { codeGuessBudget } from '../coupons/code-guessing.ts';
import { publicBaseUrl } from '../payments/base-url.ts';
import { orderPayments } from '../payments/order-payments.ts';
import { orderErrors } from './order-errors.ts';
import { placeOrder } from './place-order.ts';

/** The Idempotency-Key header: 1 to 200 visible ASCII characters, or none. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(header))
    throw orderErrors.invalidIdempotencyKey();
  return header;
}

/** As placeOrder reads it: a simulation writes nothing, so it never needs a captcha. */
function isSimulation(body: CreateOrderRequest): boolean {
  return body.simulate === true || body.orders.some((item) => item.simulate === true);
}

export async function orderRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const requireCaptcha = captchaGate(deps);
  const guessing = codeGuessBudget(deps);
  // The organisation row shared for CATALOG_CACHE_MS: one statement less per order.
  const loadOrganisation = deps.organisation;

  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Pay for, reserve or simulate product orders',
        body: createOrderRequestSchema,
        response: { 200: createOrderResponseSchema },
      },
    },
    async (request) => {
      const organisation = await loadOrganisation();
      const { captcha, coupon } = request.body;
      // Codes in the order (simulated or not) spend the shared guessing budget (code-guessing.ts).
      const guess = { ip: request.ip, codes: coupon, captcha, now: now() };
      const answers = await guessing.guarded(guess, async (captchaSolved) => {
        // Before placeOrder: a refused request must not leave anything of the order behind.
        // A captcha the guessing budget just took counts for the order too.
        if (!isSimulation(request.body) && !captchaSolved)
          await requireCaptcha({ organisation, captcha, ip: request.ip, now: now() });
        return placeOrder(db, {
          organisation,
          request: request.body,
          idempotencyKey: idempotencyKey(request),
          now: now(),
          payments: orderPayments(deps, request),
          baseUrl: publicBaseUrl(deps.config, request),
        });
      });
      return { ok: true as const, response: { orders: answers } };
    },
  );
}
