import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { organisations } from '../db/schema.ts';
import { createAnswerCache } from './answer-cache.ts';
import { AppError } from './errors.ts';
import { pickText, requestLanguage } from './language.ts';
import type { LocalizedText } from '../db/schema.ts';

export type Organisation = typeof organisations.$inferSelect;

/** What every shop request needs: whose shop, and in which language. */
export interface ShopContext {
  organisation: Organisation;
  language: string;
  /** Picks a stored text in the request's language with the shop's fallback. */
  text(value: LocalizedText | null | undefined): string;
}

/** The organisation this server serves: by slug when configured, else the first. */
export async function loadOrganisation(db: Db, slug: string | undefined): Promise<Organisation> {
  const [organisation] = await (slug
    ? db.select().from(organisations).where(eq(organisations.slug, slug)).limit(1)
    : db.select().from(organisations).orderBy(asc(organisations.id)).limit(1));
  if (!organisation) throw new AppError(503, 'SHOP_NOT_CONFIGURED', 'No organisation is set up');
  return organisation;
}

/**
 * loadOrganisation behind a short-lived cache (decision 0008: fresh for
 * ttlMs, served at most 2 × ttlMs old; 0 reads every time, as tests do).
 * For the order path, which needs the row on every request and takes no
 * price from it: prices, seats and codes are read fresh per order.
 */
export function organisationLoader(
  db: Db,
  slug: string | undefined,
  ttlMs: number,
): () => Promise<Organisation> {
  const cache = createAnswerCache<Organisation>({ ttlMs, maxEntries: 1 });
  return () => cache.get('organisation', () => loadOrganisation(db, slug));
}

export async function shopContext(
  db: Db,
  slug: string | undefined,
  request: FastifyRequest,
): Promise<ShopContext> {
  const organisation = await loadOrganisation(db, slug);
  const language = requestLanguage(request, organisation.defaultLanguage);
  return {
    organisation,
    language,
    text: (value) => pickText(value, language, organisation.defaultLanguage),
  };
}
