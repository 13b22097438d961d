/**
 * GET /api/organisation: the shop settings the startup load reads
 * (docs/storefront.md §3.13, §7.3). Kassa adds the call (§7.12) because the
 * startup load needs the organisation.
 */
import { z } from 'zod';
import { text } from './text.ts';
import { priceSchema } from './common.ts';

export const fieldTypeSchema = z.enum([
  'TEXT',
  'FIRST_NAME',
  'LAST_NAME',
  'EMAIL',
  'EMAIL_CONFIRM',
  'NUMBER',
  'PHONE',
  'DATE',
  'ZIPCODE',
  'COMPANY',
  'ADDRESS',
  'CITY',
  'VAT_ID',
  'CHECKBOX',
  'DROPDOWN',
]);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const fieldDefinitionSchema = z.object({
  id: z.number().int(),
  type: fieldTypeSchema,
  name: text(),
  required: z.boolean(),
  sort: z.number().int(),
  options: z.array(z.object({ value: text(), label: text() })),
  /** Built-in field (first name, last name, e-mail, company, VAT id). */
  default: z.boolean(),
  /** Empty lists: the field applies to every item. */
  products: z.array(z.number().int()),
  subscriptions: z.array(z.number().int()),
  vouchers: z.array(z.number().int()),
});
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

export const additionSchema = z.object({
  id: z.number().int(),
  name: text(),
  amount: priceSchema,
  /** 0: new booking; 1: rebooking. */
  type: z.union([z.literal(0), z.literal(1)]),
});
export type Addition = z.infer<typeof additionSchema>;

export const organisationSchema = z.object({
  id: z.number().int(),
  name: text(),
  currency: text(),
  default_language: text(),
  languages: z.array(text()),
  time_zone: text(),
  date_format: text(),
  theme_colour: text(),
  shop: z.object({ categories: z.boolean() }),
  allowShoppingCart: z.boolean(),
  allow_business: z.boolean(),
  captcha_enabled: z.boolean(),
  /** Days a reservation holds its seats unpaid (the shop's setting), said beside the reserve button. */
  reservation_days: z.number().int(),
  /** Field definitions by field id. */
  fields: z.record(text(), fieldDefinitionSchema),
  additions: z.array(additionSchema),
  /** Home's hero (decision 0142), in the request's language; null when the shop wrote none. */
  hero: z.object({
    title: text().nullable(),
    text: text().nullable(),
    /** A URL path, like item images. */
    image: text().nullable(),
  }),
  /** The header logo's URL path; null shows the shop's name only. */
  logo: text().nullable(),
});
export type Organisation = z.infer<typeof organisationSchema>;
