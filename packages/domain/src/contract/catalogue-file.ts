import { z } from 'zod';
import { policyProblem, type CancellationPolicy } from '../rules/cancellation-policy.ts';
import { KEY_FACT_KINDS } from './catalog.ts';
import { fieldTypeSchema } from './organisation.ts';
import { cataloguePriceSchema, productScheduleSchema } from './catalogue-schedule.ts';
import { isoDateSchema } from './common.ts';
import { gatewayOnlyCurrency } from '../rules/gateway-currency.ts';
import { isTimeZone } from '../rules/wall-clock.ts';
import { DEFAULT_PASS_MINUTES, DEFAULT_PRE_QUEUE_MINUTES, type RushSettings } from '../rules/rush.ts';
import {
  catalogueCount,
  catalogueString,
  MAX_CATALOGUE_NAME,
  MAX_CATALOGUE_TEXT,
} from './catalogue-limits.ts';
import { text } from './text.ts';

/**
 * The catalogue file (docs/catalogue-file.md, decision 0160): everything a shop
 * sells and says, in one YAML file that `shop import` reads and `shop export`
 * writes. Keys are snake_case; money is a decimal in the shop's currency;
 * items are matched by `slug` (products, subscriptions, vouchers, categories)
 * or `key` (audiences, upsells, voucher values, fields, client groups), so an
 * import changes rows in place instead of replacing them.
 */

export const CATALOGUE_LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;
export const catalogueLanguageSchema = z.enum(CATALOGUE_LANGUAGES);

/** A text: one string (in the shop's default language) or one per language. */
export const catalogueTextSchema = z
  .union(
    [
      text(),
      z
        .strictObject({
          en: text().optional(),
          nl: text().optional(),
          es: text().optional(),
          de: text().optional(),
          fr: text().optional(),
        })
        .strict(),
    ],
    { error: 'a text is a string, or a map of languages (en, nl, es, de, fr) to strings' },
  )
  .refine(
    (value) =>
      (typeof value === 'string' ? [value] : Object.values(value)).every(
        (one) => one === undefined || one.length <= MAX_CATALOGUE_TEXT,
      ),
    `a text is at most ${MAX_CATALOGUE_TEXT} characters`,
  )
  .describe("A text: a string in the shop's default language, or { en, nl, es, de, fr }");
export type CatalogueText = z.infer<typeof catalogueTextSchema>;

const slugSchema = catalogueString(MAX_CATALOGUE_NAME).regex(
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  'a slug is lower-case letters, digits and single dashes (museum-admission)',
);
const keySchema = catalogueString(MAX_CATALOGUE_NAME).regex(
  /^[A-Za-z0-9][A-Za-z0-9_-]*$/,
  'a key is letters, digits, - and _ (adult, student_group)',
);
/** An image: a file path relative to the catalogue file, a /media/ path or an https URL. */
const imageSchema = catalogueString(1000).min(1);
const stateSchema = z.enum(['DRAFT', 'PUBLISHED', 'INVISIBLE']);

/**
 * The VAT rate a sold thing carries, by the name the organisation gives it in
 * `tax_rates` (decision 0241). Required: a file without rates is refused with
 * this message, never read as 0 %.
 */
const vatRateSchema = catalogueString(MAX_CATALOGUE_NAME)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'a VAT rate is named by letters, digits, - and _ (standard)')
  .describe('The name of one of organisation.tax_rates (prices stay gross)');
const requiredVatRate = (what: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${what} names its VAT rate: vat_rate, one of organisation.tax_rates (e.g. vat_rate: standard); prices stay gross`
          : 'a VAT rate is named by a string (standard)',
    })
    .max(MAX_CATALOGUE_NAME, `at most ${MAX_CATALOGUE_NAME} characters`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'a VAT rate is named by letters, digits, - and _ (standard)')
    .describe('The name of one of organisation.tax_rates (prices stay gross)');
const quantitySchema = catalogueCount().positive();

/** Columns every sold item shares: product, subscription, voucher. */
const itemShape = {
  slug: slugSchema,
  title: catalogueTextSchema,
  description: catalogueTextSchema.optional(),
  image: imageSchema.optional(),
  label: catalogueTextSchema.optional(),
  category: slugSchema.optional(),
  state: stateSchema.default('PUBLISHED'),
  visible: z.boolean().default(true),
  /** Client groups (keys) the item is offered to; left out is everyone. */
  groups: z.array(keySchema).default([]),
};

export const catalogueAudienceSchema = z.strictObject({
  key: keySchema,
  name: catalogueTextSchema,
  description: catalogueTextSchema.optional(),
  price: cataloguePriceSchema,
  /** Audiences with the same group share one minimum (a student group of 5). */
  group: catalogueString().optional(),
  min_quantity: catalogueCount().nonnegative().default(0),
  /** A dependant audience (a child) cannot be booked on its own. */
  dependant: z.boolean().default(false),
  /** Left out: the product's (or subscription's) rate. */
  vat_rate: vatRateSchema.optional(),
});
export type CatalogueAudience = z.infer<typeof catalogueAudienceSchema>;

export const catalogueKeyFactSchema = z.strictObject({
  kind: z.enum(KEY_FACT_KINDS),
  text: catalogueTextSchema,
});

function uniqueBy<T>(items: readonly T[], key: (item: T) => string, what: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const value = key(item);
    if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [index], message: `${what} "${value}" twice` });
    seen.add(value);
  });
}

/** A product's cancellation policy for visitors (rules/cancellation-policy.ts, decision 0258). */
const hoursSchema = z
  .number()
  .int()
  .nonnegative()
  .max(24 * 366);
export const catalogueCancellationSchema = z
  .object({
    free_until_hours: hoursSchema.describe('Free while the visit is at least this many hours away'),
    fees: z
      .array(
        z.object({
          until_hours: hoursSchema.describe(
            'This fee applies while the visit is at least this many hours away',
          ),
          fee_percent: z.number().int().min(1).max(100),
        }),
      )
      .default([])
      .describe(
        'Fee tiers after the free period, fewer hours each; past the last one visitors cannot cancel',
      ),
    refund_to: z.enum(['original', 'voucher', 'choice']).default('original'),
    voucher_bonus_percent: z.number().int().min(0).max(100).optional(),
  })
  .superRefine((block, ctx) => {
    const problem = policyProblem(cancellationPolicyOf(block));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The rule's policy for a file's cancellation block. */
export function cancellationPolicyOf(block: {
  free_until_hours: number;
  fees: { until_hours: number; fee_percent: number }[];
  refund_to: 'original' | 'voucher' | 'choice';
  voucher_bonus_percent?: number | undefined;
}): CancellationPolicy {
  return {
    freeUntilHours: block.free_until_hours,
    tiers: block.fees.map((fee) => ({ untilHours: fee.until_hours, feePercent: fee.fee_percent })),
    refundTo: block.refund_to,
    ...(block.voucher_bonus_percent !== undefined
      ? { voucherBonusPercent: block.voucher_bonus_percent }
      : {}),
  };
}

/** Rush mode (decisions 0265–0267): a waiting room from the opening until the end. */
const rushInstantSchema = text().refine(
  (value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value)),
  'an instant with its offset, quoted: "2026-12-01T10:00:00+01:00"',
);
export const catalogueRushSchema = z
  .strictObject({
    opens_at: rushInstantSchema.describe('From here visitors who want to book queue and are admitted'),
    ends_at: rushInstantSchema.describe('After this the product sells as usual again'),
    admit: z
      .union([z.number().int().min(1).max(100_000), z.literal('as_capacity_frees')])
      .describe('Visitors admitted per minute, or as_capacity_frees: as places come free'),
    pass_minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(DEFAULT_PASS_MINUTES)
      .describe('Minutes an admitted visitor has to place the order'),
    pre_queue_minutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(DEFAULT_PRE_QUEUE_MINUTES)
      .describe(
        'Minutes before opens_at that visitors may queue; they are put in random order at the opening',
      ),
  })
  .superRefine((rush, ctx) => {
    if (Date.parse(rush.ends_at) <= Date.parse(rush.opens_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'ends_at is not after opens_at' });
  });
export type CatalogueRush = z.infer<typeof catalogueRushSchema>;

/** The stored settings of a file's rush block. */
export function rushSettingsOf(rush: CatalogueRush): RushSettings {
  return {
    opensAt: rush.opens_at,
    preQueueMinutes: rush.pre_queue_minutes,
    admitPerMinute: rush.admit === 'as_capacity_frees' ? null : rush.admit,
    passMinutes: rush.pass_minutes,
    endsAt: rush.ends_at,
  };
}

/** The file's rush block of stored settings, defaults written out (as a parsed file has them). */
export function rushBlockOf(settings: RushSettings): CatalogueRush {
  return {
    opens_at: settings.opensAt,
    ends_at: settings.endsAt,
    admit: settings.admitPerMinute ?? 'as_capacity_frees',
    pass_minutes: settings.passMinutes,
    pre_queue_minutes: settings.preQueueMinutes,
  };
}

export const catalogueProductSchema = z
  .strictObject({
    ...itemShape,
    price_type: z
      .enum(['FIXED', 'AUDIENCE', 'DYNAMIC'])
      .default('FIXED')
      .describe('FIXED: one price; AUDIENCE: a price per audience; DYNAMIC: a price per plot'),
    /** PLOT: plots have a number of seats; NONE: no limit. */
    capacity_type: z
      .enum(['PLOT', 'NONE'])
      .default('PLOT')
      .describe('PLOT: each plot has a number of seats; NONE: no limit'),
    price: cataloguePriceSchema,
    vat_rate: requiredVatRate('a product'),
    min_quantity: quantitySchema.default(1),
    max_quantity: quantitySchema.optional(),
    /** Booked on a date (the plots come from `schedule`); false: one open plot. */
    days: z
      .boolean()
      .default(false)
      .describe('Booked on a date: give a schedule. false: one open plot (see capacity)'),
    timeslots: z.boolean().default(false),
    show_end_time: z.boolean().default(false),
    show_availability: z.boolean().default(false),
    allow_reservations: z.boolean().default(false),
    /** Minutes before a plot's start (time slots) or closing time (days) that its sales end; left out: 0. */
    sales_end_minutes: z
      .number()
      .int()
      .nonnegative()
      .max(30 * 24 * 60, 'at most 30 days (43200 minutes)')
      .optional()
      .describe(
        'Sales of a date or slot end this many minutes before it starts (time slots) or closes (days: the schedule’s closes, else midnight); left out: 0',
      ),
    /** The waiting list of its full slots (decision 0261); left out: offers hold places 2 hours. */
    waitlist: z
      .object({
        offer_hours: z
          .number()
          .int()
          .min(1)
          .max(72, 'at most 72 hours')
          .describe('How many hours an offer of freed places is held for the next in line; left out: 2'),
      })
      .strict()
      .optional()
      .describe('The waiting list of full dates or slots; left out: offers are held 2 hours'),
    /** The visitor's own cancellation (decision 0258); left out: visitors cannot cancel. */
    cancellation: catalogueCancellationSchema
      .optional()
      .describe('Visitors may cancel their tickets themselves under this policy; left out: they cannot'),
    /** A waiting room on on-sale days (decision 0265); left out: none. */
    rush: catalogueRushSchema
      .optional()
      .describe('Rush mode: from opens_at visitors queue and are admitted at a rate; left out: none'),
    /** Seats of the open plot of a product without days; left out is no limit. */
    capacity: catalogueCount()
      .nonnegative()
      .optional()
      .describe('Seats of the open plot of a product without days; left out: no limit'),
    audiences: z
      .array(catalogueAudienceSchema)
      .default([])
      .superRefine((list, ctx) => uniqueBy(list, (a) => a.key, 'audience', ctx)),
    schedule: productScheduleSchema
      .optional()
      .describe('When the product can be booked (days: true): rules, exceptions, closures'),
    key_facts: z.array(catalogueKeyFactSchema).optional(),
    /** Upsell keys offered with the product, in order. */
    upsells: z.array(keySchema).default([]),
    /** Product slugs offered after this one, in order. */
    cross_sells: z.array(slugSchema).default([]),
  })
  .superRefine((product, ctx) => {
    if (product.price_type === 'AUDIENCE' && product.audiences.length === 0)
      ctx.addIssue({ code: 'custom', path: ['audiences'], message: 'an AUDIENCE product needs audiences' });
    if (product.max_quantity !== undefined && product.max_quantity < product.min_quantity)
      ctx.addIssue({
        code: 'custom',
        path: ['max_quantity'],
        message: 'max_quantity is below min_quantity',
      });
    if (product.schedule && !product.days)
      ctx.addIssue({ code: 'custom', path: ['schedule'], message: 'a schedule needs days: true' });
    if (product.capacity !== undefined && product.days)
      ctx.addIssue({
        code: 'custom',
        path: ['capacity'],
        message: 'capacity is for products without days; a schedule sets the seats of dated plots',
      });
    const keys = new Set(product.audiences.map((a) => a.key));
    const check = (prices: Record<string, number> | undefined, path: (string | number)[]) => {
      for (const key of Object.keys(prices ?? {}))
        if (!keys.has(key))
          ctx.addIssue({
            code: 'custom',
            path: [...path, key],
            message: `no audience "${key}" on this product`,
          });
    };
    product.schedule?.rules.forEach((rule, r) => {
      if (rule.price?.kind === 'AUDIENCE')
        check(rule.price.audiences, ['schedule', 'rules', r, 'price', 'audiences']);
      rule.slots?.forEach((slot, s) => {
        if (slot.price?.kind === 'AUDIENCE')
          check(slot.price.audiences, ['schedule', 'rules', r, 'slots', s, 'price', 'audiences']);
      });
    });
  });
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const catalogueSubscriptionSchema = z.strictObject({
  ...itemShape,
  /** PHYSICAL passes carry a person per audience; ONLINE ones are redeemed online. */
  type: z.enum(['PHYSICAL', 'ONLINE']).default('PHYSICAL'),
  price: cataloguePriceSchema,
  vat_rate: requiredVatRate('a subscription'),
  /** Product slugs a pass can be redeemed for. */
  products: z.array(slugSchema).default([]),
  /** Redemptions per pass; left out is unlimited. */
  redemptions: catalogueCount().positive().optional(),
  validity_days: catalogueCount().positive().default(365),
  audiences: z
    .array(catalogueAudienceSchema)
    .default([])
    .superRefine((list, ctx) => uniqueBy(list, (a) => a.key, 'audience', ctx)),
  upsells: z.array(keySchema).default([]),
});
export type CatalogueSubscription = z.infer<typeof catalogueSubscriptionSchema>;

export const catalogueVoucherValueSchema = z.strictObject({
  key: keySchema,
  name: catalogueTextSchema,
  description: catalogueTextSchema.optional(),
  price: cataloguePriceSchema,
  /** Credit an issued code carries; left out is the price. */
  credit: cataloguePriceSchema.optional(),
  /** Codes left to sell; left out is unlimited. */
  availability: catalogueCount().nonnegative().optional(),
});

export const catalogueVoucherSchema = z
  .strictObject({
    ...itemShape,
    /**
     * SINGLE: one rate, VAT due when the voucher is sold (vat_rate names it);
     * MULTI: VAT due when it is spent, on what it buys; its sale carries none (decision 0243).
     */
    purpose: z
      .enum(['SINGLE', 'MULTI'], {
        error: 'a voucher says its purpose: SINGLE (VAT at sale, give vat_rate) or MULTI (VAT when spent)',
      })
      .describe('SINGLE: VAT at sale at vat_rate; MULTI: VAT when spent, on what it buys'),
    vat_rate: vatRateSchema.optional(),
    min_quantity: quantitySchema.default(1),
    max_quantity: quantitySchema.optional(),
    show_end_time: z.boolean().default(false),
    /** Days an issued code stays valid; left out never expires. */
    validity_days: catalogueCount().positive().optional(),
    values: z
      .array(catalogueVoucherValueSchema)
      .min(1, 'a voucher needs at least one value')
      .superRefine((list, ctx) => uniqueBy(list, (v) => v.key, 'value', ctx)),
  })
  .superRefine((voucher, ctx) => {
    if (voucher.purpose === 'SINGLE' && voucher.vat_rate === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['vat_rate'],
        message: 'a SINGLE purpose voucher names its VAT rate',
      });
    if (voucher.purpose === 'MULTI' && voucher.vat_rate !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['vat_rate'],
        message: 'a MULTI purpose voucher carries no VAT when sold: leave vat_rate out',
      });
  });
export type CatalogueVoucher = z.infer<typeof catalogueVoucherSchema>;

export interface CatalogueCategory {
  slug: string;
  title: CatalogueText;
  description?: CatalogueText | undefined;
  image?: string | undefined;
  state: 'DRAFT' | 'PUBLISHED' | 'INVISIBLE';
  children: CatalogueCategory[];
}
export type CatalogueCategoryInput = Omit<CatalogueCategory, 'state' | 'children'> & {
  state?: CatalogueCategory['state'] | undefined;
  children?: CatalogueCategoryInput[] | undefined;
};

export const catalogueCategorySchema: z.ZodType<CatalogueCategory, CatalogueCategoryInput> = z
  .lazy(() =>
    z.strictObject({
      slug: slugSchema,
      title: catalogueTextSchema,
      description: catalogueTextSchema.optional(),
      image: imageSchema.optional(),
      state: stateSchema.default('PUBLISHED'),
      children: z.array(catalogueCategorySchema).default([]),
    }),
  )
  .meta({ id: 'category', description: 'A category; children nest to any depth.' });

export const catalogueUpsellSchema = z
  .strictObject({
    key: keySchema,
    title: catalogueTextSchema,
    /** HTML written by the shop; the storefront sanitises it. */
    description: catalogueTextSchema.optional(),
    image: imageSchema.optional(),
    type: z.enum(['STANDARD', 'DONATION']).default('STANDARD'),
    price: cataloguePriceSchema.default(0),
    max_quantity: quantitySchema.optional(),
    /** DONATION only: the step the visitor raises the amount by. */
    donation_step: cataloguePriceSchema.optional(),
    /** Handed out at the door (an audio guide): printed on the tickets (decision 0149). */
    show_on_ticket: z.boolean().default(false),
    vat_rate: requiredVatRate('an upsell'),
  })
  .refine((u) => u.type === 'DONATION' || u.donation_step === undefined, {
    path: ['donation_step'],
    message: 'donation_step is for DONATION upsells',
  });

export const catalogueCouponSchema = z
  .strictObject({
    /** Compared without case; stored upper-case. */
    code: text().regex(/^[A-Za-z0-9_-]{2,40}$/, 'a code is 2–40 letters, digits, - or _'),
    /** A percentage off (10 is 10 %), or */
    percentage: z.number().positive().max(100).optional(),
    /** an amount off in the shop's currency. */
    amount: cataloguePriceSchema.optional(),
    /** The discount applies to at most this many tickets. */
    max_tickets: quantitySchema.optional(),
    products: z.array(slugSchema).default([]),
    subscriptions: z.array(slugSchema).default([]),
    valid_from: isoDateSchema.optional(),
    valid_until: isoDateSchema.optional(),
    max_uses: quantitySchema.optional(),
  })
  .superRefine((coupon, ctx) => {
    if ((coupon.percentage === undefined) === (coupon.amount === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'give either percentage or amount' });
    if (coupon.valid_from && coupon.valid_until && coupon.valid_until < coupon.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'valid_until is before valid_from' });
  });
export type CatalogueCoupon = z.infer<typeof catalogueCouponSchema>;

export const catalogueFieldSchema = z
  .strictObject({
    key: keySchema,
    type: fieldTypeSchema,
    name: catalogueTextSchema,
    required: z.boolean().default(false),
    /** A built-in field (first name, last name, e-mail, company, VAT id). */
    built_in: z.boolean().default(false),
    options: z
      .array(z.strictObject({ value: catalogueString().min(1), label: catalogueTextSchema }))
      .default([]),
    /** Asked only for these items; all three empty: asked for everything. */
    products: z.array(slugSchema).default([]),
    subscriptions: z.array(slugSchema).default([]),
    vouchers: z.array(slugSchema).default([]),
  })
  .refine((f) => f.type !== 'DROPDOWN' || f.options.length > 0, {
    path: ['options'],
    message: 'a DROPDOWN field needs options',
  });

export const catalogueOrganisationSchema = z.strictObject({
  /** The shop's identity in the database; one file is one shop. */
  slug: slugSchema.describe("The shop's identity in the database; one file is one shop"),
  name: catalogueString().min(1),
  /** ISO 4217, e.g. EUR. */
  currency: text().regex(/^[A-Z]{3}$/, 'a currency is three capital letters (EUR)'),
  default_language: catalogueLanguageSchema.default('en'),
  languages: z
    .array(catalogueLanguageSchema)
    .min(1)
    .default([...CATALOGUE_LANGUAGES]),
  /** IANA, e.g. Europe/Amsterdam. */
  time_zone: catalogueString().refine(isTimeZone, 'not an IANA time zone (Europe/Amsterdam)'),
  date_format: z.enum(['DD-MM-YYYY', 'MM-DD-YYYY', 'YYYY-MM-DD']).default('DD-MM-YYYY'),
  /** Hex without #, e.g. 2a6f97. */
  theme_colour: text()
    .regex(/^[0-9a-fA-F]{6}$/, 'a colour is six hex digits without # (2a6f97)')
    .optional(),
  /** test (built in), stripe, paypal or form; stripe and paypal need their keys in the environment. */
  payment_gateway: z
    .enum(['test', 'stripe', 'paypal', 'form'])
    .default('test')
    .describe('test: the built-in test page; stripe and paypal need their keys in the environment'),
  shopping_cart: z.boolean().default(true),
  business: z.boolean().default(false),
  invoices: z
    .strictObject({ enabled: z.boolean().default(false), tickets_at_once: z.boolean().default(true) })
    .default({ enabled: false, tickets_at_once: true }),
  captcha: z.boolean().default(false),
  faq: z.boolean().default(true),
  /** Rush mode for every product of the shop (decision 0265); left out: none. */
  rush: catalogueRushSchema
    .optional()
    .describe('Rush mode for the whole shop: every product is booked through the waiting room'),
  /** Minutes an unpaid order holds its seats. */
  hold_minutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  reservations: z
    .strictObject({
      days: catalogueCount().min(1).max(365).default(7),
      max_seats: catalogueCount().positive().default(10),
      per_email: catalogueCount().positive().default(3),
    })
    .default({ days: 7, max_seats: 10, per_email: 3 }),
  rebooking: z.boolean().default(false),
  contact: z
    .strictObject({
      phone: catalogueString().optional(),
      email: catalogueString().optional(),
      whatsapp_url: catalogueString().optional(),
      opening_hours_url: catalogueString().optional(),
      /** The venue, printed on tickets, in the tickets mail and on the return page (lines split by newlines). */
      address: catalogueString().optional(),
    })
    .default({}),
  /** Home's hero (decision 0142): a headline, a line of text and an image, each optional. */
  hero: z
    .strictObject({
      title: catalogueTextSchema.optional(),
      text: catalogueTextSchema.optional(),
      image: imageSchema.optional(),
    })
    .optional()
    .describe("Home's hero: a headline (title), a line of text and an image, each optional"),
  /** The header logo: an image like an item's. */
  logo: imageSchema.optional().describe('The header logo: an image file, a /media/ path or an https URL'),
  /** The VAT rates the shop charges, by name (decision 0241): products, fees and the rest name one. */
  tax_rates: z
    .array(
      z.strictObject({
        name: vatRateSchema,
        /** 9 is 9 %; 5.5 is 5.5 %; 0 is exempt. */
        percentage: z
          .number()
          .min(0)
          .max(100)
          .refine((p) => Number.isInteger(Math.round(p * 100 * 1e6) / 1e6), 'at most two decimals (5.5)'),
      }),
      {
        error:
          'declare the VAT rates: organisation.tax_rates, e.g. [{ name: standard, percentage: 21 }]; prices stay gross',
      },
    )
    .min(1, 'declare at least one VAT rate')
    .superRefine((list, ctx) => uniqueBy(list, (r) => r.name, 'VAT rate', ctx))
    .describe('The VAT rates the shop charges: name and percentage (prices stay gross)'),
  /** Who sells, as invoices name it (decision 0242). */
  seller: z
    .strictObject(
      {
        legal_name: catalogueString().min(1),
        /** Lines split by newlines. */
        address: catalogueString().min(1),
        vat_id: catalogueString().optional(),
        /** The chamber of commerce (or trade register) number. */
        registration: catalogueString().optional(),
        /** Where invoice orders are paid to. */
        bank: z
          .strictObject({
            iban: catalogueString().min(1),
            bic: catalogueString().optional(),
            holder: catalogueString().optional(),
          })
          .optional(),
        /** Days an invoice order has to pay. */
        payment_days: catalogueCount().positive().max(365).default(14),
      },
      { error: 'name the seller invoices carry: organisation.seller with legal_name and address' },
    )
    .describe('The seller as invoices name it: legal name, address, VAT id, registration, bank'),
  /** Surcharges: on BOOKING (every new order) or REBOOKING. */
  fees: z
    .array(
      z.strictObject({
        name: catalogueTextSchema,
        amount: cataloguePriceSchema,
        on: z.enum(['BOOKING', 'REBOOKING']).default('BOOKING'),
        vat_rate: requiredVatRate('a fee'),
      }),
    )
    .default([]),
});

export const catalogueFileSchema = z
  .strictObject({
    $schema: catalogueString().optional(),
    version: z.literal(1, 'the only version is 1').describe('The format version: 1'),
    organisation: catalogueOrganisationSchema.superRefine(checkGatewayCurrency),
    client_groups: z
      .array(
        z.strictObject({ key: keySchema, name: catalogueTextSchema, invoice: z.boolean().default(false) }),
      )
      .default([])
      .superRefine((list, ctx) => uniqueBy(list, (g) => g.key, 'client group', ctx)),
    categories: z.array(catalogueCategorySchema).default([]),
    upsells: z
      .array(catalogueUpsellSchema)
      .default([])
      .superRefine((list, ctx) => uniqueBy(list, (u) => u.key, 'upsell', ctx)),
    products: z
      .array(catalogueProductSchema)
      .default([])
      .superRefine((list, ctx) => uniqueBy(list, (p) => p.slug, 'product', ctx)),
    subscriptions: z
      .array(catalogueSubscriptionSchema)
      .default([])
      .superRefine((list, ctx) => uniqueBy(list, (s) => s.slug, 'subscription', ctx)),
    vouchers: z
      .array(catalogueVoucherSchema)
      .default([])
      .superRefine((list, ctx) => uniqueBy(list, (v) => v.slug, 'voucher', ctx)),
    coupons: z
      .array(catalogueCouponSchema)
      .default([])
      .superRefine((list, ctx) => uniqueBy(list, (c) => c.code.toUpperCase(), 'coupon', ctx)),
    fields: z
      .array(catalogueFieldSchema)
      .default([])
      .superRefine((list, ctx) => uniqueBy(list, (f) => f.key, 'field', ctx)),
    faq: z.array(z.strictObject({ question: catalogueTextSchema, answer: catalogueTextSchema })).default([]),
  })
  .superRefine(checkReferences);
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
export type CatalogueFileInput = z.input<typeof catalogueFileSchema>;

/** A gateway that charges one currency would charge the shop's amounts in it (decision 0181). */
function checkGatewayCurrency(
  org: { currency: string; payment_gateway: string },
  ctx: z.RefinementCtx,
): void {
  const only = gatewayOnlyCurrency(org.payment_gateway);
  if (only !== null && only !== org.currency)
    ctx.addIssue({
      code: 'custom',
      path: ['payment_gateway'],
      message: `${org.payment_gateway} charges in ${only} only, and the shop's currency is ${org.currency}`,
    });
}

function flattenCategories(list: CatalogueCategory[]): CatalogueCategory[] {
  return list.flatMap((c) => [c, ...flattenCategories(c.children)]);
}

/** Every slug or key the file refers to must be defined in it. */
function checkReferences(file: CatalogueFile, ctx: z.RefinementCtx): void {
  const categorySlugs = flattenCategories(file.categories).map((c) => c.slug);
  const categories = new Set<string>();
  categorySlugs.forEach((slug) => {
    if (categories.has(slug))
      ctx.addIssue({ code: 'custom', path: ['categories'], message: `category "${slug}" twice` });
    categories.add(slug);
  });
  const groups = new Set(file.client_groups.map((g) => g.key));
  const upsells = new Set(file.upsells.map((u) => u.key));
  const products = new Set(file.products.map((p) => p.slug));
  const subscriptions = new Set(file.subscriptions.map((s) => s.slug));
  const vouchers = new Set(file.vouchers.map((v) => v.slug));
  const rates = new Set(file.organisation.tax_rates.map((r) => r.name));
  const rate = (value: string | undefined, path: (string | number)[]) => {
    if (value !== undefined && !rates.has(value))
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'vat_rate'],
        message: `no VAT rate "${value}" in organisation.tax_rates`,
      });
  };
  file.organisation.fees.forEach((f, i) => rate(f.vat_rate, ['organisation', 'fees', i]));
  file.upsells.forEach((u, i) => rate(u.vat_rate, ['upsells', i]));
  for (const [name, list] of [
    ['products', file.products],
    ['subscriptions', file.subscriptions],
  ] as const)
    list.forEach((item, i) => {
      rate(item.vat_rate, [name, i]);
      item.audiences.forEach((a, j) => rate(a.vat_rate, [name, i, 'audiences', j]));
    });
  file.vouchers.forEach((v, i) => rate(v.vat_rate, ['vouchers', i]));
  const known = (set: Set<string>, values: readonly string[], path: (string | number)[], what: string) =>
    values.forEach((value, index) => {
      if (!set.has(value))
        ctx.addIssue({ code: 'custom', path: [...path, index], message: `no ${what} "${value}"` });
    });
  const item = (list: readonly { category?: string | undefined; groups: string[] }[], name: string) =>
    list.forEach((entry, index) => {
      if (entry.category !== undefined && !categories.has(entry.category))
        ctx.addIssue({
          code: 'custom',
          path: [name, index, 'category'],
          message: `no category "${entry.category}"`,
        });
      known(groups, entry.groups, [name, index, 'groups'], 'client group');
    });
  item(file.products, 'products');
  item(file.subscriptions, 'subscriptions');
  item(file.vouchers, 'vouchers');
  file.products.forEach((p, i) => {
    known(upsells, p.upsells, ['products', i, 'upsells'], 'upsell');
    known(products, p.cross_sells, ['products', i, 'cross_sells'], 'product');
  });
  file.subscriptions.forEach((s, i) => {
    known(upsells, s.upsells, ['subscriptions', i, 'upsells'], 'upsell');
    known(products, s.products, ['subscriptions', i, 'products'], 'product');
  });
  file.coupons.forEach((c, i) => {
    known(products, c.products, ['coupons', i, 'products'], 'product');
    known(subscriptions, c.subscriptions, ['coupons', i, 'subscriptions'], 'subscription');
  });
  file.fields.forEach((f, i) => {
    known(products, f.products, ['fields', i, 'products'], 'product');
    known(subscriptions, f.subscriptions, ['fields', i, 'subscriptions'], 'subscription');
    known(vouchers, f.vouchers, ['fields', i, 'vouchers'], 'voucher');
  });
}
