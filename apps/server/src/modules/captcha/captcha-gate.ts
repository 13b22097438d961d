/**
 * When a purchase needs a captcha (decision 0030): always in shops that
 * turned it on, and in any shop once one IP has submitted more than
 * CAPTCHA_ORDERS_PER_IP orders within ORDER_WINDOW_MS (a script placing
 * orders, typically). Runs before anything about the order is written.
 */
import type { AppDeps } from '../../deps.ts';
import type { Organisation } from '../../lib/context.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { captchaErrors } from './captcha-errors.ts';
import { captchaSecretsLoader } from './captcha-secrets.ts';
import { verifyCaptcha } from './verify-captcha.ts';

/** The window of the per-IP count (decision 0030). */
export const ORDER_WINDOW_MS = 10 * 60_000;

export interface CaptchaGateInput {
  organisation: Organisation;
  /** The widget's payload from the request body, if any. */
  captcha: string | null | undefined;
  /** The client's address as Fastify resolved it (TRUST_PROXY decides whose X-Forwarded-For counts). */
  ip: string;
  now: Date;
}

/**
 * Returns the check for one app. It throws SECURITY_CAPTCHA_REQUIRED when a
 * captcha is needed and none was sent, SECURITY_CAPTCHA_INVALID when the one
 * sent is bad or spent, and otherwise lets the order through (spending the
 * captcha). A captcha sent when none is needed is left unspent.
 */
export function captchaGate(deps: AppDeps) {
  const { db } = deps.database;
  const secrets = captchaSecretsLoader(db, deps.config.altchaHmacKey);
  // Shared by every purchase route (orders, subscriptions, vouchers): one budget per IP.
  const rule: RateLimitRule = {
    name: 'captcha-orders',
    max: deps.config.captchaOrdersPerIp,
    windowMs: ORDER_WINDOW_MS,
  };

  async function needsCaptcha(input: CaptchaGateInput): Promise<boolean> {
    if (input.organisation.captchaEnabled) return true;
    if (rule.max === 0) return false;
    const counted = await consumeRateLimit(db, rule, input.ip, input.now);
    return !counted.allowed;
  }

  return async function requireCaptcha(input: CaptchaGateInput): Promise<void> {
    if (!(await needsCaptcha(input))) return;
    if (!input.captcha) throw captchaErrors.required();
    if (!(await verifyCaptcha(db, await secrets(), input.captcha, input.now))) throw captchaErrors.invalid();
  };
}
