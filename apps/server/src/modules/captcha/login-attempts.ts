/**
 * Failed password logins (decision 0201), for client and staff accounts
 * alike. Only failures count, in the database (decision 0007), so every
 * instance shares them, and no count ever locks an account: past a limit the
 * server asks for a solved captcha (SECURITY_ code) before it checks the
 * password, which the owner can give and a script pays for on every try.
 * - per account and address: past LOGIN_FAILURES_PER_ADDRESS wrong
 *   passwords from one address, that address needs a captcha for that account;
 * - per account: past LOGIN_FAILURES_PER_ACCOUNT from any addresses (a
 *   botnet), every address needs one for that account.
 * What stops one address for good is the route's per-IP limit (429).
 */
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import {
  consumeRateLimit,
  forgetRateLimit,
  peekRateLimit,
  type RateLimitRule,
} from '../../lib/rate-limit.ts';
import { captchaErrors } from './captcha-errors.ts';
import { captchaSecretsLoader } from './captcha-secrets.ts';
import { verifyCaptcha } from './verify-captcha.ts';

const WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = {
  name: 'login-fail-address',
  max: 3,
  windowMs: WINDOW_MS,
};
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = {
  name: 'login-fail-account',
  max: 10,
  windowMs: WINDOW_MS,
};

export interface LoginAttempt {
  /** Which kind of account and which one: `staff:3:sam@example.test`. Unknown e-mails count alike. */
  account: string;
  /** The client's address as Fastify resolved it (TRUST_PROXY decides whose X-Forwarded-For counts). */
  ip: string;
  /** The captcha widget's payload, when the request carries one. */
  captcha: string | null | undefined;
  now: Date;
}

export function loginAttempts(deps: AppDeps) {
  const { db } = deps.database;
  const secrets = captchaSecretsLoader(db, deps.config.altchaHmacKey);
  const fromAddress = (attempt: LoginAttempt) => `${attempt.account}:${attempt.ip}`;

  /** Before the password is checked: a SECURITY_ code when a captcha is needed and missing or bad (it is spent). */
  async function check(attempt: LoginAttempt): Promise<void> {
    const needsCaptcha =
      (await peekRateLimit(db, LOGIN_FAILURES_PER_ADDRESS, fromAddress(attempt), attempt.now)) >=
        LOGIN_FAILURES_PER_ADDRESS.max ||
      (await peekRateLimit(db, LOGIN_FAILURES_PER_ACCOUNT, attempt.account, attempt.now)) >=
        LOGIN_FAILURES_PER_ACCOUNT.max;
    if (!needsCaptcha) return;
    if (!attempt.captcha) throw captchaErrors.required();
    if (!(await verifyCaptcha(db, await secrets(), attempt.captcha, attempt.now)))
      throw captchaErrors.invalid();
  }

  /**
   * Runs `login` within the limits: checked before; a refusal with
   * `failedCode` counts against the account and the address; a success
   * forgets this address's failures (the owner found the password).
   */
  async function guarded<T>(attempt: LoginAttempt, failedCode: string, login: () => Promise<T>): Promise<T> {
    await check(attempt);
    let result: T;
    try {
      result = await login();
    } catch (error) {
      if (error instanceof AppError && error.code === failedCode) {
        await consumeRateLimit(db, LOGIN_FAILURES_PER_ADDRESS, fromAddress(attempt), attempt.now);
        await consumeRateLimit(db, LOGIN_FAILURES_PER_ACCOUNT, attempt.account, attempt.now);
      }
      throw error;
    }
    await forgetRateLimit(db, LOGIN_FAILURES_PER_ADDRESS, fromAddress(attempt));
    return result;
  }

  return { guarded };
}
