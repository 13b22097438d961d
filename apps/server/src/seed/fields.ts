import { fields, type FieldType } from '../db/schema.ts';
import type { SeedContext } from './context.ts';
import type { ProductIds } from './products.ts';
import type { SeededSubscriptions } from './subscriptions.ts';
import { fieldTexts, occasionOptions, tourLanguageOptions } from './texts/fields.ts';
import type { SeededVouchers } from './vouchers.ts';

export type FieldKey = keyof typeof fieldTexts;
export type FieldIds = Record<FieldKey, number>;

/**
 * The customer form: the five built-ins (is_default), then every other type
 * once, some required and some restricted to one product, subscription or
 * voucher (an empty restriction applies everywhere).
 */
export async function seedFields(
  { tx, organisationId }: SeedContext,
  productIds: ProductIds,
  subscriptionIds: SeededSubscriptions,
  voucherIds: SeededVouchers,
): Promise<FieldIds> {
  const specs: {
    key: FieldKey;
    type: FieldType;
    required?: boolean;
    isDefault?: boolean;
    options?: typeof occasionOptions;
    restrictProducts?: number[];
    restrictSubscriptions?: number[];
    restrictVouchers?: number[];
  }[] = [
    { key: 'firstName', type: 'FIRST_NAME', required: true, isDefault: true },
    { key: 'lastName', type: 'LAST_NAME', required: true, isDefault: true },
    { key: 'email', type: 'EMAIL', required: true, isDefault: true },
    { key: 'emailConfirm', type: 'EMAIL_CONFIRM', required: true },
    { key: 'phone', type: 'PHONE' },
    { key: 'company', type: 'COMPANY', isDefault: true },
    { key: 'vatId', type: 'VAT_ID', isDefault: true },
    { key: 'address', type: 'ADDRESS' },
    { key: 'zipcode', type: 'ZIPCODE' },
    { key: 'city', type: 'CITY' },
    { key: 'birthday', type: 'DATE', required: true, restrictSubscriptions: [subscriptionIds.yearPass] },
    { key: 'pupils', type: 'NUMBER', required: true, restrictProducts: [productIds['school-visit']] },
    { key: 'teamName', type: 'TEXT', required: true, restrictProducts: [productIds['escape-room']] },
    { key: 'safetyRules', type: 'CHECKBOX', required: true, restrictProducts: [productIds['escape-room']] },
    { key: 'newsletter', type: 'CHECKBOX' },
    { key: 'occasion', type: 'DROPDOWN', options: occasionOptions, restrictVouchers: [voucherIds.giftCard] },
    {
      key: 'tourLanguage',
      type: 'DROPDOWN',
      required: true,
      options: tourLanguageOptions,
      restrictProducts: [productIds['highlights-tour']],
    },
  ];
  const rows = await tx
    .insert(fields)
    .values(
      specs.map((f, sort) => ({
        organisationId,
        type: f.type,
        name: fieldTexts[f.key],
        required: f.required ?? false,
        isDefault: f.isDefault ?? false,
        sort,
        options: f.options ?? [],
        restrictProducts: f.restrictProducts ?? [],
        restrictSubscriptions: f.restrictSubscriptions ?? [],
        restrictVouchers: f.restrictVouchers ?? [],
      })),
    )
    .returning({ id: fields.id, sort: fields.sort });
  return Object.fromEntries(
    specs.map((f, sort) => [f.key, rows.find((r) => r.sort === sort)!.id]),
  ) as FieldIds;
}
