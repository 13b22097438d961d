/**
 * The ALTCHA captcha (decision 0030; docs/storefront.md §4.12 and §8.2).
 *
 * GET /api/captcha/challenge answers an ALTCHA v2 challenge as is (not in the
 * { ok, response } envelope): the `altcha` widget fetches that URL itself.
 * Once solved, the widget's `verified` event carries a base64 payload; the
 * storefront puts it in the `captcha` field of POST /api/orders (and of
 * /subscriptions and /vouchers) and retries the order with the same
 * Idempotency-Key. A payload is good for one order only.
 */
import { z } from 'zod';
import { text } from './text.ts';

/** The server answers these when it wants a captcha; the storefront opens the captcha modal on SECURITY_ codes. */
export const CAPTCHA_ERROR_CODES = {
  /** No captcha was sent, and this order needs one. */
  required: 'SECURITY_CAPTCHA_REQUIRED',
  /** The captcha sent is malformed, tampered with, expired or already used: solve a new one. */
  invalid: 'SECURITY_CAPTCHA_INVALID',
} as const;

/**
 * The challenge's signed parameters. Loose, so that every key the server
 * signed reaches the signature check as sent: dropping one would break it.
 */
export const captchaChallengeParametersSchema = z.looseObject({
  algorithm: text().max(50),
  nonce: text().max(200),
  salt: text().max(200),
  cost: z.number(),
  keyLength: z.number(),
  keyPrefix: text().max(200),
  keySignature: text().max(200).optional(),
  /** Unix seconds after which the challenge is refused. */
  expiresAt: z.number().optional(),
});

export const captchaChallengeSchema = z.object({
  parameters: captchaChallengeParametersSchema,
  /** HMAC of the parameters: proves the server issued them. */
  signature: text().max(200),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** What the widget encodes (base64 of this JSON) into the `captcha` field. */
export const captchaPayloadSchema = z.object({
  challenge: captchaChallengeSchema,
  solution: z.object({
    counter: z.number(),
    derivedKey: text().max(200),
    /** Milliseconds the browser took; informational. */
    time: z.number().optional(),
  }),
});
export type CaptchaPayload = z.infer<typeof captchaPayloadSchema>;
