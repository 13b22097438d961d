import { randomBytes } from 'node:crypto';
import type { Tx } from '../db/client.ts';
import { organisationAdditions, organisations } from '../db/schema.ts';
import { SUPPORTED_LANGUAGES } from '../lib/language.ts';
import { DEMO_ORGANISATION_SLUG } from './demo-constants.ts';
import { additionTexts } from './texts/shop.ts';

export const DEMO_TIME_ZONE = 'Europe/Amsterdam';

/** The demo shop itself, with its booking (type 0) and rebooking (type 1) fees. */
export async function seedOrganisation(tx: Tx): Promise<number> {
  const [organisation] = await tx
    .insert(organisations)
    .values({
      slug: DEMO_ORGANISATION_SLUG,
      name: 'Kassa Demo Museum',
      currency: 'EUR',
      defaultLanguage: 'en',
      languages: [...SUPPORTED_LANGUAGES],
      timeZone: DEMO_TIME_ZONE,
      dateFormat: 'DD-MM-YYYY',
      themeColour: '2a6f97',
      allowShoppingCart: true,
      allowBusiness: true,
      allowInvoice: true,
      faqEnabled: true,
      rebookingAllowed: true,
      // Reservations (issue #13, decision 0130): held a week, at most 10 seats each, 3 open per e-mail.
      reservationDays: 7,
      reservationMaxSeats: 10,
      reservationsPerEmail: 3,
      rebookingSecret: randomBytes(16).toString('hex'),
      phoneNumber: '+31 20 123 4567',
      email: 'visit@demo-museum.example',
      whatsappUrl: 'https://wa.me/31201234567',
      openingHoursUrl: 'https://demo-museum.example/opening-hours',
      address: 'Museumplein 1\n1071 DJ Amsterdam',
    })
    .returning({ id: organisations.id });
  const organisationId = organisation!.id;
  await tx.insert(organisationAdditions).values([
    { organisationId, name: additionTexts.bookingFee, amountCents: 95, type: 0, sort: 0 },
    { organisationId, name: additionTexts.rebookingFee, amountCents: 250, type: 1, sort: 1 },
  ]);
  return organisationId;
}
