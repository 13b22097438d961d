/**
 * Test helper: does what the `altcha` widget does in the browser — fetch a
 * challenge, solve it, and encode the payload the storefront sends as
 * `captcha`. Returns the parts too, so tests can tamper with them.
 */
import { captchaChallengeSchema, type CaptchaPayload } from '@kassa/domain/contract/captcha';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { App } from '../../deps.ts';

export function encodeCaptcha(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export async function solveCaptcha(app: App): Promise<{ token: string; payload: CaptchaPayload }> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode} ${response.body}`);
  const challenge = captchaChallengeSchema.parse(response.json());
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge was not solved in time');
  const payload: CaptchaPayload = { challenge, solution };
  return { token: encodeCaptcha(payload), payload };
}
