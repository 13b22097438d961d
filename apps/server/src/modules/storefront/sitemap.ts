import { itemPath, type ItemKind } from '@kassa/domain/rules/item-paths';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, products, subscriptions, vouchers } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { escapeHtml, languageUrl } from './head-html.ts';
import { defaultLanguage, offeredLanguages } from './page-head.ts';

/**
 * Paths of the pages a search engine should know: home, calendar, FAQ (when
 * on), and every published category and item offered to everyone. INVISIBLE
 * items (reachable by link only), items whose visible flag is false (noindex,
 * docs/storefront.md §4.1) and group-only offers stay out.
 */
export async function sitemapPaths(db: Db, organisation: Organisation): Promise<string[]> {
  const items = (kind: Exclude<ItemKind, 'category'>) => {
    const table = kind === 'product' ? products : kind === 'subscription' ? subscriptions : vouchers;
    return db
      .select({ id: table.id, slug: table.slug })
      .from(table)
      .where(
        and(
          eq(table.organisationId, organisation.id),
          eq(table.state, 'PUBLISHED'),
          eq(table.visible, true),
          sql`cardinality(${table.groupIds}) = 0`,
        ),
      )
      .orderBy(asc(table.sort), asc(table.id))
      .then((rows) => rows.map((row) => itemPath(kind, row)));
  };
  const [categoryPaths, productPaths, subscriptionPaths, voucherPaths] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(and(eq(categories.organisationId, organisation.id), eq(categories.state, 'PUBLISHED')))
      .orderBy(asc(categories.sort), asc(categories.id))
      .then((rows) => rows.map((row) => itemPath('category', row))),
    items('product'),
    items('subscription'),
    items('voucher'),
  ]);
  return [
    '/',
    '/calendar',
    ...(organisation.faqEnabled ? ['/faq'] : []),
    ...categoryPaths,
    ...productPaths,
    ...subscriptionPaths,
    ...voucherPaths,
  ];
}

/** sitemap.xml: one <url> per page, with its other languages as xhtml:link alternates. */
export function sitemapXml(paths: readonly string[], organisation: Organisation, origin: string): string {
  const languages = offeredLanguages(organisation);
  const fallback = defaultLanguage(organisation);
  const urls = paths.map((path) => {
    const alternates =
      languages.length > 1
        ? languages.map(
            (language) =>
              `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeHtml(languageUrl(origin, path, language, fallback))}"/>`,
          )
        : [];
    return `<url><loc>${escapeHtml(`${origin}${path}`)}</loc>${alternates.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

/** robots.txt: everything but the API may be crawled; secret-link pages carry noindex themselves. */
export function robotsTxt(origin: string): string {
  return `User-agent: *
Disallow: /api/
Allow: /

Sitemap: ${origin}/sitemap.xml
`;
}
