/**
 * One budget for guessing codes (decision 0102), shared by every path that tests
 * a coupon or voucher code: POST /api/coupon, simulated and real orders with
 * `coupon`, and the voucher check. Only wrong codes count.
 * - per IP: the 31st wrong code in 10 minutes needs a solved captcha
 *   (SECURITY_ code: the storefront's captcha modal opens); past 60 in an
 *   hour the IP is locked out until the last hour's wrong codes fade below 60
 *   (a sliding window, decision 0274), captcha or not;
 * - per code: past 10 wrong tries of one code in an hour (from any number of
 *   IPs), that code needs a captcha too.
 * Counters live in the database (decision 0007), so every instance shares them.
 */
import { normaliseCouponCode } from '@kassa/domain/rules/coupons';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit, peekRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { captchaErrors } from '../captcha/captcha-errors.ts';
import { captchaSecretsLoader } from '../captcha/captcha-secrets.ts';
import { verifyCaptcha } from '../captcha/verify-captcha.ts';

const HOUR = 60 * 60_000;
export const WRONG_CODES_PER_IP: RateLimitRule = { name: 'code-guess-ip', max: 30, windowMs: 10 * 60_000 };
export const WRONG_CODES_BEFORE_LOCKOUT: RateLimitRule = {
  name: 'code-guess-ip-hour',
  max: 60,
  windowMs: HOUR,
};
export const WRONG_TRIES_PER_CODE: RateLimitRule = { name: 'code-guess-code', max: 10, windowMs: HOUR };

/** The codes of the uniform wrong-code answers that count against the budget. */
const WRONG_CODE_ERRORS = new Set(['COUPON_NOT_VALID', 'VOUCHER_NOT_FOUND']);

export interface CodeGuess {
  ip: string;
  /** The codes this request tests. */
  codes: readonly string[];
  /** The captcha widget's payload, when the request carries one. */
  captcha: string | null | undefined;
  now: Date;
}

export type CodeGuessBudget = ReturnType<typeof codeGuessBudget>;

export function codeGuessBudget(deps: AppDeps) {
  const { db } = deps.database;
  const secrets = captchaSecretsLoader(db, deps.config.altchaHmacKey);
  const codeKey = (code: string) => normaliseCouponCode(code).slice(0, 100);

  /**
   * Before any code is tested: throws 429 when the IP is locked out, a
   * SECURITY_ code when a captcha is needed and missing or bad. True when it
   * verified (and spent) a captcha for this request.
   */
  async function check(guess: CodeGuess): Promise<boolean> {
    if (guess.codes.length === 0) return false;
    const hourly = await peekRateLimit(db, WRONG_CODES_BEFORE_LOCKOUT, guess.ip, guess.now);
    if (hourly >= WRONG_CODES_BEFORE_LOCKOUT.max) {
      throw new AppError(429, 'RATE_LIMITED', 'Too many wrong codes, please try again later');
    }
    let needsCaptcha =
      (await peekRateLimit(db, WRONG_CODES_PER_IP, guess.ip, guess.now)) >= WRONG_CODES_PER_IP.max;
    for (const code of guess.codes) {
      if (needsCaptcha) break;
      needsCaptcha =
        (await peekRateLimit(db, WRONG_TRIES_PER_CODE, codeKey(code), guess.now)) >= WRONG_TRIES_PER_CODE.max;
    }
    if (!needsCaptcha) return false;
    if (!guess.captcha) throw captchaErrors.required();
    if (!(await verifyCaptcha(db, await secrets(), guess.captcha, guess.now))) throw captchaErrors.invalid();
    return true;
  }

  /** After a wrong-code answer: counts it against the IP and the codes tried. */
  async function recordWrong(guess: CodeGuess): Promise<void> {
    await consumeRateLimit(db, WRONG_CODES_PER_IP, guess.ip, guess.now);
    await consumeRateLimit(db, WRONG_CODES_BEFORE_LOCKOUT, guess.ip, guess.now);
    for (const code of guess.codes)
      await consumeRateLimit(db, WRONG_TRIES_PER_CODE, codeKey(code), guess.now);
  }

  /** Runs `test` within the budget: checked before, a wrong-code answer counted after. */
  async function guarded<T>(guess: CodeGuess, test: (captchaVerified: boolean) => Promise<T>): Promise<T> {
    const verified = await check(guess);
    try {
      return await test(verified);
    } catch (error) {
      if (guess.codes.length > 0 && error instanceof AppError && WRONG_CODE_ERRORS.has(error.code)) {
        await recordWrong(guess);
      }
      throw error;
    }
  }

  return { check, recordWrong, guarded };
}
