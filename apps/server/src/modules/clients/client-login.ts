import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clientLoginLinks, clients } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '../../lib/password-hash.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { secretToken, tokenHash } from '../../lib/secrets.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { loginLinkMailKind } from './login-link-mail.ts';
import { startClientSession, type ClientRow } from './client-sessions.ts';

/**
 * Per client IP (the route), decision 0007's database counters. Failed
 * passwords per account are the route's too (captcha/login-attempts.ts):
 * they ask for a captcha, never lock an account (decision 0201).
 */
export const CLIENT_LOGIN_PER_IP: RateLimitRule = { name: 'client-login-ip', max: 30, windowMs: 10 * 60_000 };
/** Login links mailed to one address: enough for a lost mail, too few to flood an inbox. */
export const LOGIN_LINKS_PER_EMAIL: RateLimitRule = {
  name: 'client-login-link-email',
  max: 3,
  windowMs: 15 * 60_000,
};
export const LOGIN_LINK_MINUTES = 30;

/** 429 RATE_LIMITED with the seconds the route puts in Retry-After. */
export class ClientRateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', 'Too many attempts, please try again later');
  }
}

/** One answer for an unknown e-mail, an account without password and a wrong password. */
function refuse(): AppError {
  return new AppError(401, 'CLIENT_LOGIN_FAILED', 'E-mail or password is not right');
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The organisation's client with this e-mail, compared without case. */
export async function findClientByEmail(
  db: Db | Tx,
  organisationId: number,
  email: string,
): Promise<ClientRow | undefined> {
  const [client] = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.organisationId, organisationId),
        eq(sql`lower(${clients.email})`, normaliseEmail(email)),
      ),
    )
    .limit(1);
  return client;
}

async function limitPerEmail(db: Db, rule: RateLimitRule, organisationId: number, email: string, now: Date) {
  const limited = await consumeRateLimit(db, rule, `${organisationId}:${normaliseEmail(email)}`, now);
  if (!limited.allowed) throw new ClientRateLimited(limited.retryAfterSeconds);
}

/** E-mail + password → a new session token and the client; CLIENT_LOGIN_FAILED (401) alike for every refusal. */
export async function loginWithPassword(
  db: Db,
  input: { organisationId: number; email: string; password: string; now: Date },
): Promise<{ client: ClientRow; token: string }> {
  const client = await findClientByEmail(db, input.organisationId, input.email);
  if (!client?.passwordHash) {
    // As long as a wrong password takes, so timing tells nothing either.
    await verifyNothing(input.password);
    throw refuse();
  }
  if (!(await verifyPassword(input.password, client.passwordHash))) throw refuse();
  if (needsRehash(client.passwordHash)) {
    await db
      .update(clients)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(clients.id, client.id));
  }
  return { client, token: await startClientSession(db, client.id, input.now) };
}

/** Only paths inside the shop: the link must not send anyone elsewhere. */
export function safeRedirect(target: string | undefined): string | undefined {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.includes('\\')
    ? target
    : undefined;
}

/**
 * "Mail me a login link": when the e-mail has an account, a single-use link
 * valid LOGIN_LINK_MINUTES goes into the outbox; the caller answers the same
 * either way, so the answer tells nothing about which e-mails have accounts.
 */
export async function sendLoginLink(
  db: Db,
  input: {
    organisationId: number;
    shopName: string;
    email: string;
    language: string;
    baseUrl: string;
    redirect?: string;
    now: Date;
  },
): Promise<void> {
  await limitPerEmail(db, LOGIN_LINKS_PER_EMAIL, input.organisationId, input.email, input.now);
  const client = await findClientByEmail(db, input.organisationId, input.email);
  if (!client) return;
  const token = secretToken();
  const params = new URLSearchParams({ token });
  const redirect = safeRedirect(input.redirect);
  if (redirect) params.set('redirect', redirect);
  await db.transaction(async (tx) => {
    await tx.insert(clientLoginLinks).values({
      clientId: client.id,
      tokenHash: tokenHash(token),
      expiresAt: new Date(input.now.getTime() + LOGIN_LINK_MINUTES * 60_000),
      createdAt: input.now,
    });
    await enqueueMail(
      tx,
      {
        kind: loginLinkMailKind,
        organisationId: input.organisationId,
        payload: {
          to: { name: `${client.firstName} ${client.lastName}`.trim(), address: client.email },
          shop: input.shopName,
          url: `${input.baseUrl}/client/login?${params.toString()}`,
          minutes: LOGIN_LINK_MINUTES,
          language: input.language,
        },
      },
      input.now,
    );
  });
}

/**
 * A login link's token → a new session: spent in the same statement that
 * checks it (used_at IS NULL, not expired), so two clicks cannot both log in.
 */
export async function loginWithLink(
  db: Db,
  input: { organisationId: number; token: string; now: Date },
): Promise<{ client: ClientRow; token: string } | undefined> {
  return db.transaction(async (tx) => {
    const shopClients = tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.organisationId, input.organisationId));
    const [link] = await tx
      .update(clientLoginLinks)
      .set({ usedAt: input.now })
      .where(
        and(
          eq(clientLoginLinks.tokenHash, tokenHash(input.token)),
          isNull(clientLoginLinks.usedAt),
          gt(clientLoginLinks.expiresAt, input.now),
          inArray(clientLoginLinks.clientId, shopClients),
        ),
      )
      .returning({ clientId: clientLoginLinks.clientId });
    if (!link) return undefined;
    const [client] = await tx.select().from(clients).where(eq(clients.id, link.clientId));
    return client && { client, token: await startClientSession(tx, client.id, input.now) };
  });
}
