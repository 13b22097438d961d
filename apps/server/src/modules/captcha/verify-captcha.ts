import { captchaPayloadSchema, type CaptchaPayload } from '@kassa/domain/contract/captcha';
import { verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../../db/client.ts';
import type { CaptchaSecrets } from './captcha-secrets.ts';
import { CAPTCHA_ALGORITHM } from './issue-challenge.ts';
import { spendChallenge } from './used-captchas.ts';

/** The widget's base64 JSON payload, or null when it is not one. */
function decodePayload(token: string): CaptchaPayload | null {
  try {
    const parsed = captchaPayloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a solved captcha and spends it: true only for a payload whose
 * challenge this server signed, that has not expired by `now`, whose
 * solution is right, and that was never accepted before.
 */
export async function verifyCaptcha(
  db: Db,
  secrets: CaptchaSecrets,
  token: string,
  now: Date,
): Promise<boolean> {
  const payload = decodePayload(token);
  if (!payload) return false;
  const { parameters, signature } = payload.challenge;
  // Our challenges always expire and use one algorithm; anything else was not issued here.
  if (parameters.expiresAt === undefined || parameters.expiresAt * 1000 <= now.getTime()) return false;
  if (parameters.algorithm !== CAPTCHA_ALGORITHM) return false;
  let verified = false;
  try {
    // verifySolution checks expiry against the wall clock too, the signature,
    // and the solution against the signed key.
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
    verified = result.verified;
  } catch {
    // Parameters the library refuses (a forged cost, say) are a bad captcha, not a server error.
    return false;
  }
  if (!verified) return false;
  return spendChallenge(db, signature, new Date(parameters.expiresAt * 1000), now);
}
