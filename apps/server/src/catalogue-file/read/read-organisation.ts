import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { decimal, defined } from '../file-values.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import type { ReadContext } from './read-context.ts';

/** The organisation's settings, contact, hero and fees as the file writes them. */
export function readOrganisation(
  ctx: ReadContext,
  org: CatalogueRows['organisation'],
  fees: CatalogueRows['fees'],
): CatalogueFile['organisation'] {
  return {
    slug: org.slug,
    name: org.name,
    currency: org.currency,
    default_language: org.defaultLanguage as 'en',
    languages: org.languages as ('en' | 'nl' | 'es' | 'de' | 'fr')[],
    time_zone: org.timeZone,
    date_format: org.dateFormat as 'DD-MM-YYYY',
    ...(org.themeColour ? { theme_colour: org.themeColour } : {}),
    payment_gateway: org.paymentGateway as 'test',
    shopping_cart: org.allowShoppingCart,
    business: org.allowBusiness,
    invoices: { enabled: org.allowInvoice, tickets_at_once: org.invoiceTickets },
    captcha: org.captchaEnabled,
    faq: org.faqEnabled,
    hold_minutes: org.holdMinutes,
    reservations: {
      days: org.reservationDays,
      max_seats: org.reservationMaxSeats,
      per_email: org.reservationsPerEmail,
    },
    rebooking: org.rebookingAllowed,
    contact: defined({
      phone: org.phoneNumber ?? undefined,
      email: org.email ?? undefined,
      whatsapp_url: org.whatsappUrl ?? undefined,
      opening_hours_url: org.openingHoursUrl ?? undefined,
      address: org.address ?? undefined,
    }),
    ...(org.heroTitle || org.heroText || org.heroImage
      ? {
          hero: defined({
            title: ctx.text(org.heroTitle),
            text: ctx.text(org.heroText),
            image: org.heroImage ?? undefined,
          }),
        }
      : {}),
    ...(org.logo ? { logo: org.logo } : {}),
    fees: fees.map((f) => ({
      name: ctx.requiredText(f.name),
      amount: decimal(f.amountCents),
      on: f.type === 1 ? 'REBOOKING' : 'BOOKING',
    })),
  };
}
