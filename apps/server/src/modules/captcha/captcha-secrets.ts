/**
 * The HMAC secrets that sign ALTCHA challenges. Every server instance must
 * use the same ones, or a challenge issued by one would fail on another:
 * ALTCHA_HMAC_KEY when set, otherwise a key generated once and kept in the
 * database (docs/architecture.md: nothing depends on process memory).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSettings } from '../../db/schema.ts';

export interface CaptchaSecrets {
  /** Signs the challenge parameters. */
  signature: string;
  /** Signs the expected derived key, so checking a solution costs one HMAC. */
  keySignature: string;
}

const SETTING_KEY = 'altcha_hmac_key';

/** The stored key, created by whichever instance asks first. */
async function storedKey(db: Db): Promise<string> {
  const read = () =>
    db
      .select({ value: serverSettings.value })
      .from(serverSettings)
      .where(eq(serverSettings.key, SETTING_KEY))
      .limit(1);
  const [existing] = await read();
  if (existing) return existing.value;
  // Two instances may race here: the primary key lets one insert win, and
  // both then read the winner's key.
  await db
    .insert(serverSettings)
    .values({ key: SETTING_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [created] = await read();
  if (!created) throw new Error('The captcha key could not be stored');
  return created.value;
}

function secretsFrom(key: string): CaptchaSecrets {
  // A second secret derived from the first keeps the two signatures apart.
  return {
    signature: key,
    keySignature: createHmac('sha256', key).update('altcha-key-signature').digest('hex'),
  };
}

/**
 * Returns a loader of the secrets. It remembers them after the first load:
 * once stored, the key never changes, so the copy cannot go stale.
 */
export function captchaSecretsLoader(
  db: Db,
  configuredKey: string | undefined,
): () => Promise<CaptchaSecrets> {
  let loaded: Promise<CaptchaSecrets> | undefined;
  return () => {
    if (loaded) return loaded;
    const attempt = (configuredKey ? Promise.resolve(configuredKey) : storedKey(db)).then(secretsFrom);
    loaded = attempt;
    // A failed load (database briefly away) is tried again on the next call.
    attempt.catch(() => {
      if (loaded === attempt) loaded = undefined;
    });
    return attempt;
  };
}
