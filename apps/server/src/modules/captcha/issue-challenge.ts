import type { CaptchaChallenge } from '@kassa/domain/contract/captcha';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaSecrets } from './captcha-secrets.ts';

/** The widget's default algorithm, run natively by WebCrypto in the browser. */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per attempt. */
const COST = 1_000;
/**
 * The solver tries counters from 0 up to a secret one picked here, so the
 * work is bounded: 300–800 attempts of 1,000 iterations take about 0.1–0.35 s
 * on one Node core and less in a browser, which spreads them over its cores.
 * Enough to make scripted orders cost something, little enough for people.
 */
const COUNTER_MIN = 300;
const COUNTER_MAX = 800;
/** Time to solve it and submit the order; a used or older challenge is refused. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * A signed ALTCHA v2 challenge in deterministic mode: the server derives the
 * answer's key once here and signs it, so checking a solution later costs
 * one HMAC instead of a key derivation.
 */
export async function issueChallenge(secrets: CaptchaSecrets, now: Date): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MIN, COUNTER_MAX),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
}
