import {
  clientGroupMembers,
  clients,
  clientSubscriptions,
  issuedVouchers,
  subscriptionPasses,
} from '../db/schema.ts';
import { hashPassword } from '../lib/password-hash.ts';
import { secretToken } from '../lib/secrets.ts';
import type { SeedContext } from './context.ts';
import {
  DEMO_BUSINESS_CLIENT_EMAIL,
  DEMO_BUSINESS_CLIENT_PASSWORD,
  DEMO_CLIENT_EMAIL,
  DEMO_CLIENT_PASSWORD,
  DEMO_VOUCHER_CODE,
} from './demo-constants.ts';
import type { FieldIds, GroupIds, SeededSubscriptions, SeededVouchers } from './demo-catalogue-ids.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo client (a Friend of the museum with a family year pass, a
 * ten-visit card and a gift card), a teacher in the schools group, so
 * group-only offers can be seen both shown and hidden, and a business
 * client whose account orders on invoice.
 */
export async function seedClients(
  { tx, organisationId, now }: SeedContext,
  groupIds: GroupIds,
  fieldIds: FieldIds,
  subscriptionIds: SeededSubscriptions,
  voucherIds: SeededVouchers,
): Promise<{ demoClientId: number }> {
  const rows = await tx
    .insert(clients)
    .values([
      {
        organisationId,
        firstName: 'Demi',
        lastName: 'de Vries',
        email: DEMO_CLIENT_EMAIL,
        address: 'Museumplein 1',
        city: 'Amsterdam',
        passwordHash: await hashPassword(DEMO_CLIENT_PASSWORD),
        fields: {
          [fieldIds.phone]: '+31612345678',
          [fieldIds.zipcode]: '1071 DJ',
          [fieldIds.city]: 'Amsterdam',
          [fieldIds.newsletter]: true,
        },
      },
      {
        organisationId,
        firstName: 'Jonas',
        lastName: 'Bakker',
        email: 'j.bakker@school.example',
        company: 'Basisschool De Regenboog',
        city: 'Utrecht',
      },
      {
        organisationId,
        firstName: 'Bram',
        lastName: 'Visser',
        email: DEMO_BUSINESS_CLIENT_EMAIL,
        company: 'Stadsgids Amsterdam B.V.',
        vatId: 'NL123456789B01',
        address: 'Damrak 70',
        city: 'Amsterdam',
        passwordHash: await hashPassword(DEMO_BUSINESS_CLIENT_PASSWORD),
        allowInvoice: true,
      },
    ])
    .returning({ id: clients.id, email: clients.email });
  const demoClientId = rows.find((r) => r.email === DEMO_CLIENT_EMAIL)!.id;
  const teacherId = rows.find(
    (r) => r.email !== DEMO_CLIENT_EMAIL && r.email !== DEMO_BUSINESS_CLIENT_EMAIL,
  )!.id;

  await tx.insert(clientGroupMembers).values([
    { clientId: demoClientId, groupId: groupIds.friends },
    { clientId: teacherId, groupId: groupIds.schools },
  ]);

  const held = await tx
    .insert(clientSubscriptions)
    .values([
      {
        clientId: demoClientId,
        subscriptionId: subscriptionIds.yearPass,
        token: secretToken(),
        renewalHash: secretToken(),
        availableRedemptions: -1,
        // Close to its end, so the renewal flow has something to renew.
        expiresAt: new Date(now.getTime() + 20 * DAY_MS),
      },
      {
        clientId: demoClientId,
        subscriptionId: subscriptionIds.tenVisitCard,
        token: secretToken(),
        renewalHash: secretToken(),
        availableRedemptions: 7,
        expiresAt: new Date(now.getTime() + 400 * DAY_MS),
      },
    ])
    .returning({ id: clientSubscriptions.id, subscriptionId: clientSubscriptions.subscriptionId });
  const yearPassHolding = held.find((h) => h.subscriptionId === subscriptionIds.yearPass)!.id;

  await tx.insert(subscriptionPasses).values([
    {
      clientSubscriptionId: yearPassHolding,
      audienceId: subscriptionIds.yearPassAudiences.adult,
      fullName: 'Demi de Vries',
      birthday: '1986-04-12',
    },
    {
      clientSubscriptionId: yearPassHolding,
      audienceId: subscriptionIds.yearPassAudiences.child,
      fullName: 'Noor de Vries',
      birthday: '2015-09-03',
    },
  ]);

  // A €50 gift card of which €17.50 has been spent.
  await tx.insert(issuedVouchers).values({
    organisationId,
    voucherValueId: voucherIds.giftCard50,
    code: DEMO_VOUCHER_CODE,
    initialCents: 5000,
    balanceCents: 3250,
    expiresAt: new Date(now.getTime() + 300 * DAY_MS),
  });
  return { demoClientId };
}
