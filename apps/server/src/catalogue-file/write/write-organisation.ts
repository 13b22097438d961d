import { randomBytes } from 'node:crypto';
import {
  rushSettingsOf,
  type CatalogueFile,
  type CatalogueText,
} from '@kassa/domain/contract/catalogue-file';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { cents, storedText } from '../file-values.ts';
import type { WriteContext } from './write-context.ts';

type Organisation = CatalogueFile['organisation'];

/** The organisation's row (made when missing) and its fees; answers its id. */
export async function writeOrganisation(
  tx: Tx,
  organisation: Organisation,
  existingId: number | undefined,
  image: WriteContext['image'],
): Promise<number> {
  const values = organisationValues(organisation, image);
  let organisationId: number;
  if (existingId !== undefined) {
    await tx.update(s.organisations).set(values).where(eq(s.organisations.id, existingId));
    organisationId = existingId;
  } else {
    // The shop's rebooking secret is generated, never written in a file.
    const [row] = await tx
      .insert(s.organisations)
      .values({ ...values, rebookingSecret: randomBytes(16).toString('hex') })
      .returning({ id: s.organisations.id });
    organisationId = row!.id;
  }
  await writeFees(tx, organisationId, organisation);
  return organisationId;
}

function organisationValues(o: Organisation, image: WriteContext['image']) {
  const optionalText = (value: CatalogueText | undefined) => {
    const stored = storedText(value, o.default_language);
    return Object.keys(stored).length ? stored : null;
  };
  return {
    slug: o.slug,
    name: o.name,
    currency: o.currency,
    defaultLanguage: o.default_language,
    languages: o.languages,
    timeZone: o.time_zone,
    dateFormat: o.date_format,
    themeColour: o.theme_colour ?? null,
    paymentGateway: o.payment_gateway,
    allowShoppingCart: o.shopping_cart,
    allowBusiness: o.business,
    allowInvoice: o.invoices.enabled,
    invoiceTickets: o.invoices.tickets_at_once,
    captchaEnabled: o.captcha,
    faqEnabled: o.faq,
    holdMinutes: o.hold_minutes,
    rush: o.rush ? rushSettingsOf(o.rush) : null,
    reservationDays: o.reservations.days,
    reservationMaxSeats: o.reservations.max_seats,
    reservationsPerEmail: o.reservations.per_email,
    rebookingAllowed: o.rebooking,
    phoneNumber: o.contact.phone ?? null,
    email: o.contact.email ?? null,
    whatsappUrl: o.contact.whatsapp_url ?? null,
    openingHoursUrl: o.contact.opening_hours_url ?? null,
    address: o.contact.address ?? null,
    heroTitle: optionalText(o.hero?.title),
    heroText: optionalText(o.hero?.text),
    heroImage: image(o.hero?.image),
    logo: image(o.logo),
    taxRates: o.tax_rates.map((r) => ({ name: r.name, percentage: r.percentage })),
    seller: {
      legalName: o.seller.legal_name,
      address: o.seller.address,
      vatId: o.seller.vat_id ?? null,
      registration: o.seller.registration ?? null,
      bank: o.seller.bank
        ? { iban: o.seller.bank.iban, bic: o.seller.bank.bic ?? null, holder: o.seller.bank.holder ?? null }
        : null,
      paymentDays: o.seller.payment_days,
    },
  };
}

/** Fees: no order refers to one (an order line copies its amount), so the list is written anew. */
async function writeFees(tx: Tx, organisationId: number, o: Organisation): Promise<void> {
  await tx.delete(s.organisationAdditions).where(eq(s.organisationAdditions.organisationId, organisationId));
  if (o.fees.length)
    await tx.insert(s.organisationAdditions).values(
      o.fees.map((fee, sort) => ({
        organisationId,
        name: storedText(fee.name, o.default_language),
        amountCents: cents(fee.amount),
        type: fee.on === 'REBOOKING' ? 1 : 0,
        sort,
        vatRate: fee.vat_rate,
      })),
    );
}
