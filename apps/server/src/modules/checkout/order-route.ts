import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { captchaGate } from '../captcha/captcha-gate.ts';
import { codeGuessBudget } from '../coupons/code-guessing.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { orderPayments } from './order-payments.ts';
import type { PlacedOrder } from '../../engine/placement/order-answer.ts';
import { orderErrors } from '../../engine/placement/order-errors.ts';
import type { OrderKindPlan } from '../../engine/order-kind.ts';
import { placeOrder } from '../../engine/placement/place-order.ts';

/** The Idempotency-Key header: 1 to 200 visible ASCII characters, or none. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(header))
    throw orderErrors.invalidIdempotencyKey();
  return header;
}

/** The coupon and voucher codes a request of any kind carries in its `coupon` list. */
function couponCodes(body: unknown): string[] {
  const coupon = (body as { coupon?: unknown }).coupon;
  return Array.isArray(coupon) ? coupon.filter((code): code is string => typeof code === 'string') : [];
}

export interface OrderRoute<Request, Answer> {
  /** Under /api, e.g. '/orders' or '/vouchers'. */
  path: string;
  summary: string;
  body: ZodType<Request>;
  response: ZodType;
  plan: OrderKindPlan<Request>;
  /** Checks of the route's own after the captcha gate, before anything is written (a per-IP budget). */
  guard?(body: Request, request: FastifyRequest, now: Date): Promise<void>;
  /** The kind's answer (the `response` of `{ ok: true, response }`). */
  answer(placed: PlacedOrder): Answer;
}

/**
 * The POST route of one order kind, the same for every kind: the captcha
 * gate (unless simulated) before anything is written, the Idempotency-Key,
 * the engine with this request's hand-off (order-payments.ts) and the
 * shop's public address, and the kind's answer.
 */
export function registerOrderRoute<Request, Answer>(
  app: TypedApp,
  deps: AppDeps,
  route: OrderRoute<Request, Answer>,
): void {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const requireCaptcha = captchaGate(deps);
  const guessing = codeGuessBudget(deps);
  const { plan } = route;
  app.post(
    route.path,
    {
      schema: {
        tags: ['orders'],
        summary: route.summary,
        body: route.body,
        response: { 200: route.response },
      },
    },
    async (request) => {
      const body = request.body as Request;
      // The organisation row shared for CATALOG_CACHE_MS: one statement less per order.
      const organisation = await deps.organisation();
      const captcha = plan.captcha(body);
      // Codes in the order (simulated or not) spend the shared guessing budget (decision 0102).
      const guess = { ip: request.ip, codes: couponCodes(body), captcha, now: now() };
      const placed = await guessing.guarded(guess, async (captchaSolved) => {
        // Before placeOrder: a refused request must not leave anything of the order behind.
        // A captcha the guessing budget just took counts for the order too.
        if (!plan.isSimulation(body) && !captchaSolved)
          await requireCaptcha({ organisation, captcha, ip: request.ip, now: now() });
        if (!plan.isSimulation(body)) await route.guard?.(body, request, now());
        return placeOrder(db, plan, {
          organisation,
          request: body,
          idempotencyKey: idempotencyKey(request),
          now: now(),
          payments: orderPayments(deps, request),
          baseUrl: publicBaseUrl(deps.config, request),
        });
      });
      return { ok: true as const, response: route.answer(placed) };
    },
  );
}
