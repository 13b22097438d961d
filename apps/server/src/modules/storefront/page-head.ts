import { itemPath, type ItemKind } from '@kassa/domain/rules/item-paths';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions, vouchers } from '../../db/schema.ts';
import type { Organisation } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { normaliseLanguage, pickText, SUPPORTED_LANGUAGES, type Language } from '../../lib/language.ts';
import { listPlots } from '../availability/list-plots.ts';
import type { CatalogViewer } from '../catalog/catalog-viewer.ts';
import { getCategory } from '../catalog/category-service.ts';
import { offeredItem } from '../../lib/displayable.ts';
import { itemBaseColumns } from '../catalog/item-base.ts';
import { offeredProduct } from '../catalog/product-service.ts';
import { toProductSummary } from '../catalog/product-summary.ts';
import { loadFaq } from '../faq/load-faq.ts';
import { PAGE_TEXTS } from './page-texts.ts';
import { offeredToSomeGroup } from './group-items.ts';
import { storefrontPath } from './storefront-paths.ts';

/** What a page's <head> says about it, before it is written as HTML (head-html.ts). */
export interface PageHead {
  language: Language;
  title: string;
  description: string;
  /** Path of the page's canonical URL; null for pages that are not meant to be found (secret links, unknown paths). */
  canonicalPath: string | null;
  image: string | null;
  ogType: 'website' | 'product';
  noindex: boolean;
  /** schema.org objects, each written as one application/ld+json block. */
  jsonLd: Record<string, unknown>[];
  /** 404 for a path the storefront has no page for, or an item the shop does not have (decision 0197). */
  status: 200 | 404;
  /** The kind of item a 404 page's link named, which the page then says is gone. */
  gone: ItemKind | null;
}

/** The languages the shop offers, in the order of docs/storefront.md §1.3. */
export function offeredLanguages(organisation: Organisation): Language[] {
  const offered = new Set(organisation.languages.map((code) => normaliseLanguage(code)));
  const list = SUPPORTED_LANGUAGES.filter((language) => offered.has(language));
  return list.length > 0 ? list : [...SUPPORTED_LANGUAGES];
}

/** The shop's default language as one of the offered ones. */
export function defaultLanguage(organisation: Organisation): Language {
  const offered = offeredLanguages(organisation);
  const wanted = normaliseLanguage(organisation.defaultLanguage);
  return wanted && offered.includes(wanted) ? wanted : (offered[0] ?? 'en');
}

/**
 * The language a page is written in: `?lang=` when the shop offers it (a
 * shared Dutch link opens in Dutch), else the shop's default. Not
 * Accept-Language: a page's URL alone decides its words, so what a crawler
 * or a link preview reads is what the canonical URL promises.
 */
export function pageLanguage(organisation: Organisation, lang: unknown): Language {
  const asked = typeof lang === 'string' ? normaliseLanguage(lang) : undefined;
  return asked && offeredLanguages(organisation).includes(asked) ? asked : defaultLanguage(organisation);
}

const ITEM_PAGE = /^\/(product|subscription|voucher|category)\/(\d{1,9})(?:\/([^/]*))?\/?$/;

/** An anonymous visitor in the page's language: page heads never show group-only offers. */
function anonymousViewer(organisation: Organisation, language: Language): CatalogViewer {
  return {
    organisation,
    language,
    text: (value) => pickText(value, language, organisation.defaultLanguage),
    groupIds: [],
  };
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** Plain text of a stored description (which may carry simple markup), cut for a meta description. */
export function plainDescription(text: string, max = 160): string {
  const plain = text
    // Block ends and line breaks part words; inline tags (<b>, <i>, <a>) do not.
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_entity, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function organisationLd(organisation: Organisation, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: organisation.name,
    url: `${origin}/`,
    ...(organisation.email ? { email: organisation.email } : {}),
    ...(organisation.phoneNumber ? { telephone: organisation.phoneNumber } : {}),
  };
}

/**
 * The head of a page that is not there: noindex, 404 (decision 0197), and
 * for an item the kind the page says is gone.
 */
function notFoundHead(base: PageHead, gone: ItemKind | null = null): PageHead {
  const texts = PAGE_TEXTS[base.language];
  return { ...base, title: `${texts.notFoundTitle} – ${base.title}`, noindex: true, status: 404, gone };
}

/**
 * An item a link names that the anonymous visitor may not see: gone (404)
 * unless it is there for a client group, whose members see it once logged
 * in — that page stays, without being indexed.
 */
async function missingItemHead(
  db: Db,
  organisation: Organisation,
  kind: ItemKind,
  id: number,
  base: PageHead,
): Promise<PageHead> {
  const forGroup = kind !== 'category' && (await offeredToSomeGroup(db, organisation.id, kind, id));
  return forGroup ? { ...base, noindex: true } : notFoundHead(base, kind);
}

/**
 * The head of the page at `urlPath` in `language`, from the catalogue. A
 * path the storefront has no page for, and an item the shop does not show
 * (or does not have), get the shop's head with noindex and a 404 status: the
 * storefront then shows its fallback, or sends the visitor home
 * saying the item is gone (decision 0197).
 */
export async function pageHeadFor(
  db: Db,
  organisation: Organisation,
  urlPath: string,
  language: Language,
  origin: string,
  now: Date,
): Promise<PageHead> {
  const texts = PAGE_TEXTS[language];
  const shop = organisation.name;
  const base: PageHead = {
    language,
    title: shop,
    description: texts.home(shop),
    canonicalPath: null,
    image: null,
    ogType: 'website',
    noindex: false,
    jsonLd: [organisationLd(organisation, origin)],
    status: 200,
    gone: null,
  };
  const route = storefrontPath(urlPath);
  if (route.kind === 'not-found' || route.kind === 'unknown') return notFoundHead(base);
  if (route.kind === 'item' && route.id === null) return notFoundHead(base, route.item);
  if (urlPath === '/') return { ...base, canonicalPath: '/' };
  if (urlPath === '/calendar') {
    return {
      ...base,
      title: `${texts.calendarTitle} – ${shop}`,
      description: texts.calendarDescription(shop),
      canonicalPath: '/calendar',
    };
  }
  if (urlPath === '/faq') return faqHead(db, organisation, language, base);

  const match = ITEM_PAGE.exec(urlPath);
  if (!match) return base;
  const kind = match[1] as ItemKind;
  const id = Number(match[2]);
  const viewer = anonymousViewer(organisation, language);
  try {
    if (kind === 'product')
      return await productHead(db, viewer, id, match[3] === 'rebook', base, origin, now);
    if (kind === 'category') {
      const category = await getCategory(db, viewer, id);
      return {
        ...base,
        title: `${category.title} – ${shop}`,
        description: plainDescription(category.description) || base.description,
        canonicalPath: itemPath('category', category),
        image: category.image,
        noindex: category.state !== 'PUBLISHED',
      };
    }
    return await passOrVoucherHead(db, viewer, kind, id, base);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      return route.kind === 'item'
        ? missingItemHead(db, organisation, kind, id, base)
        : { ...base, noindex: true };
    }
    throw error;
  }
}

async function faqHead(
  db: Db,
  organisation: Organisation,
  language: Language,
  base: PageHead,
): Promise<PageHead> {
  const texts = PAGE_TEXTS[language];
  const faq = await loadFaq(db, anonymousViewer(organisation, language));
  const head: PageHead = {
    ...base,
    title: `${texts.faqTitle} – ${organisation.name}`,
    description: texts.faqDescription(organisation.name),
    canonicalPath: '/faq',
    // With the FAQ switched off the storefront shows /404.
    noindex: !faq.faq_enabled,
    status: faq.faq_enabled ? 200 : 404,
  };
  if (faq.questions.length === 0) return head;
  return {
    ...head,
    jsonLd: [
      ...base.jsonLd,
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faq.questions.map((entry) => ({
          '@type': 'Question',
          name: entry.question,
          acceptedAnswer: { '@type': 'Answer', text: plainDescription(entry.answer, 1000) },
        })),
      },
    ],
  };
}

const AVAILABILITY = {
  inStock: 'https://schema.org/InStock',
  soldOut: 'https://schema.org/SoldOut',
  outOfStock: 'https://schema.org/OutOfStock',
} as const;

/**
 * A product page: Product with its offer. Price and availability come from
 * the product's bookable plots (the same answer the order flow asks for):
 * in stock while a plot that can still be ordered has seats, sold out when
 * every one is full, out of stock when none is offered at all.
 */
async function productHead(
  db: Db,
  viewer: CatalogViewer,
  id: number,
  rebooking: boolean,
  base: PageHead,
  origin: string,
  now: Date,
): Promise<PageHead> {
  const { organisation } = viewer;
  const row = await offeredProduct(db, viewer, id);
  const product = toProductSummary(row, viewer);
  const plots = await listPlots(db, { organisation, viewerGroupIds: [], productId: id, query: {}, now });
  const open = plots.filter((plot) => plot.selectable && !plot.maxOrdersReached);
  const withRoom = open.filter((plot) => plot.availability.amount === null || plot.availability.amount > 0);
  const prices = (withRoom.length > 0 ? withRoom : open)
    .map((plot) => plot.lowestTotalPrice ?? plot.price)
    .filter((price): price is number => price !== null);
  const availability =
    withRoom.length > 0
      ? AVAILABILITY.inStock
      : open.length > 0
        ? AVAILABILITY.soldOut
        : AVAILABILITY.outOfStock;
  const path = itemPath('product', product);
  const low = prices.length > 0 ? Math.min(...prices) : product.price;
  const high = prices.length > 0 ? Math.max(...prices) : product.price;
  const offer =
    low === high
      ? { '@type': 'Offer', price: low.toFixed(2) }
      : {
          '@type': 'AggregateOffer',
          lowPrice: low.toFixed(2),
          highPrice: high.toFixed(2),
          offerCount: withRoom.length,
        };
  const firstOpen = withRoom[0] ?? open[0];
  return {
    ...base,
    title: `${product.title} – ${organisation.name}`,
    description: plainDescription(product.description) || base.description,
    canonicalPath: path,
    image: product.image,
    ogType: 'product',
    // docs/storefront.md §4.1: an item whose visible flag is false gets noindex; the rebooking mode is a private flow.
    noindex: !product.visible || rebooking,
    jsonLd: [
      ...base.jsonLd,
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: plainDescription(product.description, 5000),
        ...(product.image ? { image: new URL(product.image, origin).href } : {}),
        url: `${origin}${path}`,
        brand: { '@type': 'Organization', name: organisation.name },
        offers: {
          ...offer,
          priceCurrency: organisation.currency,
          availability,
          url: `${origin}${path}`,
          ...(firstOpen?.date ? { availabilityStarts: firstOpen.date } : {}),
        },
      },
    ],
  };
}

/** Subscription and voucher pages: title, description and image; their offers are chosen in the flow. */
async function passOrVoucherHead(
  db: Db,
  viewer: CatalogViewer,
  kind: 'subscription' | 'voucher',
  id: number,
  base: PageHead,
): Promise<PageHead> {
  const table = kind === 'subscription' ? subscriptions : vouchers;
  const [row] = await db
    .select(itemBaseColumns(table))
    .from(table)
    .where(and(eq(table.id, id), offeredItem(table, viewer.organisation.id, viewer.groupIds)))
    .limit(1);
  if (!row) return missingItemHead(db, viewer.organisation, kind, id, base);
  const title = viewer.text(row.title);
  return {
    ...base,
    title: `${title} – ${viewer.organisation.name}`,
    description: plainDescription(viewer.text(row.description)) || base.description,
    canonicalPath: itemPath(kind, row),
    image: row.image,
    noindex: !row.visible,
  };
}
