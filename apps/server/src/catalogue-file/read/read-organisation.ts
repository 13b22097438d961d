import { rushBlockOf, type CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { decimal, defined } from '../file-values.ts';
import type { CatalogueRows } from './catalogue-rows.ts';
import type { ReadContext } from './read-context.ts';
import type { Seller } from '../../db/schema.ts';

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
    ...(org.rush ? { rush: rushBlockOf(org.rush) } : {}),
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
    tax_rates: org.taxRates.map((r) => ({ name: r.name, percentage: r.percentage })),
    ...(org.seller ? { seller: readSeller(org.seller) } : {}),
    fees: fees.map((f) =>
      defined({
        name: ctx.requiredText(f.name),
        amount: decimal(f.amountCents),
        on: f.type === 1 ? ('REBOOKING' as const) : ('BOOKING' as const),
        vat_rate: (f.vatRate ?? undefined) as string,
      }),
    ),
  } as CatalogueFile['organisation'];
}

/** The seller as the file writes it. */
function readSeller(seller: Seller): CatalogueFile['organisation']['seller'] {
  return defined({
    legal_name: seller.legalName,
    address: seller.address,
    vat_id: seller.vatId ?? undefined,
    registration: seller.registration ?? undefined,
    bank: seller.bank
      ? defined({
          iban: seller.bank.iban,
          bic: seller.bank.bic ?? undefined,
          holder: seller.bank.holder ?? undefined,
        })
      : undefined,
    payment_days: seller.paymentDays,
  });
}
