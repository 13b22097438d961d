import type { Addition, FieldDefinition, Organisation } from '@kassa/domain/contract/organisation';
import { DEFAULT_THEME_COLOUR } from '@kassa/domain/rules/constants';
import { centsToAmount } from '@kassa/domain/rules/money';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, fields, organisationAdditions } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { displayableCategory } from '../../lib/displayable.ts';

/** The shop settings the storefront's startup load reads, in the request's language. */
export async function organisationSettings(db: Db, ctx: ShopContext): Promise<Organisation> {
  const { organisation } = ctx;
  const [fieldRows, additionRows, [category]] = await Promise.all([
    db
      .select()
      .from(fields)
      .where(eq(fields.organisationId, organisation.id))
      .orderBy(asc(fields.sort), asc(fields.id)),
    db
      .select()
      .from(organisationAdditions)
      .where(eq(organisationAdditions.organisationId, organisation.id))
      .orderBy(asc(organisationAdditions.sort), asc(organisationAdditions.id)),
    db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.organisationId, organisation.id), displayableCategory(categories)))
      .limit(1),
  ]);

  return {
    id: organisation.id,
    name: organisation.name,
    currency: organisation.currency,
    default_language: organisation.defaultLanguage,
    languages: organisation.languages,
    time_zone: organisation.timeZone,
    date_format: organisation.dateFormat,
    theme_colour: organisation.themeColour || DEFAULT_THEME_COLOUR,
    // The home layout is categorised only when there is a category to show (docs/storefront.md §2.2).
    shop: { categories: category !== undefined },
    allowShoppingCart: organisation.allowShoppingCart,
    allow_business: organisation.allowBusiness,
    captcha_enabled: organisation.captchaEnabled,
    reservation_days: organisation.reservationDays,
    fields: Object.fromEntries(fieldRows.map((row) => [String(row.id), toFieldDefinition(row, ctx)])),
    additions: additionRows.map((row) => toAddition(row, ctx)),
    hero: {
      title: ctx.text(organisation.heroTitle) || null,
      text: ctx.text(organisation.heroText) || null,
      image: organisation.heroImage,
    },
    logo: organisation.logo,
  };
}

function toFieldDefinition(row: typeof fields.$inferSelect, ctx: ShopContext): FieldDefinition {
  return {
    id: row.id,
    type: row.type,
    name: ctx.text(row.name),
    required: row.required,
    sort: row.sort,
    options: row.options.map((option) => ({ value: option.value, label: ctx.text(option.label) })),
    default: row.isDefault,
    products: row.restrictProducts,
    subscriptions: row.restrictSubscriptions,
    vouchers: row.restrictVouchers,
  };
}

function toAddition(row: typeof organisationAdditions.$inferSelect, ctx: ShopContext): Addition {
  // Any type other than 1 (rebooking) is a new-booking surcharge.
  return {
    id: row.id,
    name: ctx.text(row.name),
    amount: centsToAmount(row.amountCents),
    type: row.type === 1 ? 1 : 0,
  };
}
