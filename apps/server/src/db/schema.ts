/**
 * The whole Kassa schema. One file because drizzle-kit reads one entry point;
 * tables are grouped by the docs/storefront.md section they serve (§3 entities).
 *
 * Conventions: money is integer cents; texts shown to visitors are stored per
 * language as `{ en, nl, … }` (LocalizedText); instants are timestamptz and
 * plot dates are plain dates in the organisation's time zone.
 */
import { sql } from 'drizzle-orm';
import type { CancellationPolicy } from '@kassa/domain/rules/cancellation-policy';
import type { RushSettings } from '@kassa/domain/rules/rush';
import {
  bigint,
  bigserial,
  check,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { KeyFactKind } from '@kassa/domain/contract/catalog';
import type { OrderKind } from '@kassa/domain/rules/order-kind';
import type { OrderStatus } from '@kassa/domain/rules/order-status';
import type { StaffRole } from '@kassa/domain/rules/staff-role';
import { orderReference, secretToken } from '../lib/secrets.ts';

/** A text stored in several languages; the server picks one per request. */
export type LocalizedText = Partial<Record<string, string>>;

const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull().default({});
const localizedOptional = (name: string) => jsonb(name).$type<LocalizedText | null>();
/** One key fact of a product, in every language the shop writes it in. */
export interface KeyFact {
  kind: KeyFactKind;
  text: LocalizedText;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ─── Organisation ────────────────────────────────────────────────────────────

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('EUR'),
  defaultLanguage: text('default_language').notNull().default('en'),
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{en,nl,es,de,fr}'::text[]`),
  timeZone: text('time_zone').notNull().default('Europe/Amsterdam'),
  dateFormat: text('date_format').notNull().default('DD-MM-YYYY'),
  themeColour: text('theme_colour'),
  /** Where visitors go (street, postcode and town, one line each): printed on tickets, mails and the return page. */
  address: text('address'),
  allowShoppingCart: boolean('allow_shopping_cart').notNull().default(true),
  allowBusiness: boolean('allow_business').notNull().default(false),
  /**
   * The shop offers invoicing at all: then clients whose account (or one of
   * whose groups) allows it get their orders on invoice (0 online, INVOICED).
   */
  allowInvoice: boolean('allow_invoice').notNull().default(false),
  /** An invoiced order gets its tickets (and their mail) at once; false: none until it is paid. */
  invoiceTickets: boolean('invoice_tickets').notNull().default(true),
  faqEnabled: boolean('faq_enabled').notNull().default(true),
  rebookingAllowed: boolean('rebooking_allowed').notNull().default(false),
  /** Public entry token of the rebook page (/rebook/{secret}); visitors then prove order id + e-mail. */
  rebookingSecret: text('rebooking_secret'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  whatsappUrl: text('whatsapp_url'),
  openingHoursUrl: text('opening_hours_url'),
  captchaEnabled: boolean('captcha_enabled').notNull().default(false),
  /** Minutes an unpaid order holds its seats. */
  holdMinutes: integer('hold_minutes').notNull().default(30),
  /** Rush mode for every product of the shop (decision 0265); null: none. */
  rush: jsonb('rush').$type<RushSettings>(),
  /** Days a reservation holds its seats. */
  reservationDays: integer('reservation_days').notNull().default(7),
  /** Seats one reservation may hold (decision 0130: no blocking a whole day for free). */
  reservationMaxSeats: integer('reservation_max_seats').notNull().default(10),
  /** Unpaid reservations one e-mail address may hold at a time (decision 0130). */
  reservationsPerEmail: integer('reservations_per_email').notNull().default(3),
  paymentGateway: text('payment_gateway').notNull().default('test'),
  /** Home's hero (decision 0142): a headline and a line of text per language, both optional. */
  heroTitle: localizedOptional('hero_title'),
  heroText: localizedOptional('hero_text'),
  /** URL paths of the hero image and the header logo (like item images: /media/… for bundled ones). */
  heroImage: text('hero_image'),
  logo: text('logo'),
  /** The VAT rates items name (decision 0241): name and percentage; [] until a catalogue declares them. */
  taxRates: jsonb('tax_rates').$type<TaxRate[]>().notNull().default([]),
  /** The seller invoices name (decision 0242); null until a catalogue declares it. */
  seller: jsonb('seller').$type<Seller>(),
  createdAt: createdAt(),
});

/** A VAT rate of the shop, as the catalogue file declares it. */
export interface TaxRate {
  name: string;
  /** 9 is 9 %. */
  percentage: number;
}

/** Who sells, as invoices name it. */
export interface Seller {
  legalName: string;
  address: string;
  vatId: string | null;
  registration: string | null;
  bank: { iban: string; bic: string | null; holder: string | null } | null;
  paymentDays: number;
}

/** Surcharges on an order: type 0 for new bookings, type 1 for rebookings. */
export const organisationAdditions = pgTable('organisation_additions', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  name: localized('name'),
  amountCents: integer('amount_cents').notNull(),
  type: smallint('type').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  /** The fee's VAT rate by name (organisations.tax_rates). */
  vatRate: text('vat_rate'),
});

export const FIELD_TYPES = [
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
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldOption {
  value: string;
  label: LocalizedText;
}

/** Customer form fields an organisation asks for (docs/storefront.md §3.14). */
export const fields = pgTable('fields', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  type: text('type').$type<FieldType>().notNull(),
  /** The field's key in the catalogue file (decision 0160); null for fields made otherwise. */
  key: text('key'),
  name: localized('name'),
  required: boolean('required').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  options: jsonb('options').$type<FieldOption[]>().notNull().default([]),
  /** A built-in field (first name, last name, e-mail, company, VAT id). */
  isDefault: boolean('is_default').notNull().default(false),
  /** Empty restriction lists mean the field applies to every item. */
  restrictProducts: integer('restrict_products')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  restrictSubscriptions: integer('restrict_subscriptions')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  restrictVouchers: integer('restrict_vouchers')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
});

// ─── Catalogue ───────────────────────────────────────────────────────────────

export const ITEM_STATES = ['DRAFT', 'PUBLISHED', 'INVISIBLE', 'ARCHIVED'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    title: localized('title'),
    description: localized('description'),
    image: text('image'),
    state: text('state').$type<ItemState>().notNull().default('PUBLISHED'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_org_idx').on(t.organisationId, t.sort)],
);

/** Columns every sellable item (product, subscription, voucher) shares. */
function itemColumns() {
  return {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    title: localized('title'),
    description: localized('description'),
    image: text('image'),
    label: localizedOptional('label'),
    state: text('state').$type<ItemState>().notNull().default('PUBLISHED'),
    visible: boolean('visible').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Client groups this item is offered to; empty means everyone. */
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  };
}

export const PRICE_TYPES = ['FIXED', 'AUDIENCE', 'DYNAMIC'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const CAPACITY_TYPES = ['NONE', 'PLOT'] as const;
export type CapacityType = (typeof CAPACITY_TYPES)[number];

export const products = pgTable('products', {
  ...itemColumns(),
  priceType: text('price_type').$type<PriceType>().notNull().default('FIXED'),
  capacityType: text('capacity_type').$type<CapacityType>().notNull().default('PLOT'),
  priceCents: integer('price_cents').notNull().default(0),
  minQuantity: integer('min_quantity').notNull().default(1),
  maxQuantity: integer('max_quantity'),
  /** options.days: the product is booked on a date (plots with dates). */
  hasDays: boolean('has_days').notNull().default(false),
  /** options.timeslots: plots carry start (and end) times. */
  hasTimeslots: boolean('has_timeslots').notNull().default(false),
  showEndTime: boolean('show_end_time').notNull().default(false),
  showAvailability: boolean('show_availability').notNull().default(false),
  allowReservations: boolean('allow_reservations').notNull().default(false),
  /** Minutes before a plot's start (time slots) or closing time (days) that its sales end (decision 0205). */
  salesEndMinutes: integer('sales_end_minutes').notNull().default(0),
  /** How long a waiting-list offer holds its places (catalogue `waitlist.offer_hours`, decision 0261). */
  waitlistOfferHours: integer('waitlist_offer_hours').notNull().default(2),
  /** Ordered key facts shown above the order flow (decision 0141). */
  keyFacts: jsonb('key_facts').$type<KeyFact[]>().notNull().default([]),
  /** VAT rate by name (organisations.tax_rates). */
  vatRate: text('vat_rate'),
  /** Visitors' own cancellation policy (decision 0258); null: visitors cannot cancel. */
  cancellationPolicy: jsonb('cancellation_policy').$type<CancellationPolicy>(),
  /** Rush mode (decision 0265); null: none. */
  rush: jsonb('rush').$type<RushSettings>(),
});

export const subscriptions = pgTable('subscriptions', {
  ...itemColumns(),
  /** PHYSICAL passes carry a person per audience; ONLINE ones are redeemed online. */
  type: text('type').$type<'PHYSICAL' | 'ONLINE'>().notNull().default('PHYSICAL'),
  priceCents: integer('price_cents').notNull().default(0),
  /** Products a pass of this subscription can be redeemed for. */
  productIds: integer('product_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Redemptions per pass; -1 is unlimited. */
  redemptions: integer('redemptions').notNull().default(-1),
  validityDays: integer('validity_days').notNull().default(365),
  /** VAT rate by name (organisations.tax_rates). */
  vatRate: text('vat_rate'),
});

export const vouchers = pgTable('vouchers', {
  ...itemColumns(),
  minQuantity: integer('min_quantity').notNull().default(1),
  maxQuantity: integer('max_quantity'),
  showEndTime: boolean('show_end_time').notNull().default(false),
  /** Days an issued code stays valid; null never expires. */
  validityDays: integer('validity_days'),
  /** SINGLE: VAT at sale, at vat_rate; MULTI: VAT when spent (decision 0243). */
  purpose: text('purpose').$type<'SINGLE' | 'MULTI'>().notNull().default('MULTI'),
  /** A SINGLE purpose voucher's VAT rate by name; null for MULTI. */
  vatRate: text('vat_rate'),
});

export const voucherValues = pgTable('voucher_values', {
  id: serial('id').primaryKey(),
  voucherId: integer('voucher_id')
    .notNull()
    .references(() => vouchers.id, { onDelete: 'cascade' }),
  name: localized('name'),
  /** The value's key within its voucher in the catalogue file. */
  key: text('key'),
  description: localized('description'),
  priceCents: integer('price_cents').notNull(),
  /** Credit an issued code carries; usually equal to the price. */
  creditCents: integer('credit_cents').notNull(),
  /** Codes left to sell; null is unlimited. */
  availability: integer('availability'),
  sort: integer('sort').notNull().default(0),
});

export const audiences = pgTable('audiences', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
  subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
    onDelete: 'cascade',
  }),
  /**
   * Unique within its product or subscription: what the catalogue file and
   * schedule AUDIENCE prices name it by (decision 0160).
   */
  key: text('key'),
  name: localized('name'),
  description: localized('description'),
  priceCents: integer('price_cents').notNull().default(0),
  group: text('group'),
  minQuantity: integer('min_quantity').notNull().default(0),
  /** A dependant audience (a child, say) cannot be booked on its own. */
  dependant: boolean('dependant').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  /** VAT rate by name; null: its product's or subscription's. */
  vatRate: text('vat_rate'),
});

export const PLOT_PRICE_KINDS = ['PLOT', 'DAY', 'TIMESLOT', 'AUDIENCE', 'DYNAMIC'] as const;
export type PlotPriceKind = (typeof PLOT_PRICE_KINDS)[number];

/**
 * A bookable unit of capacity: a date, a time slot on a date, or (date null)
 * the single open plot of a product without days. Seats are held against it.
 */
export const plots = pgTable(
  'plots',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }),
    startTime: time('start_time'),
    endTime: time('end_time'),
    /** Seats; null means no capacity limit. */
    capacity: integer('capacity'),
    /** Orders this plot accepts in all; null is no limit. */
    maxOrders: integer('max_orders'),
    priceKind: text('price_kind').$type<PlotPriceKind>(),
    /** Per-ticket price on this plot; null falls back to the product or audience price. */
    priceCents: integer('price_cents'),
    selectable: boolean('selectable').notNull().default(true),
    /** Closed by a manager (decision 0238): not selectable any more, its orders cancelled and refunded. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why, as the storefront shows it and the visitors' mails say it. */
    closedReason: text('closed_reason'),
  },
  (t) => [
    index('plots_product_date_idx').on(t.productId, t.date, t.startTime),
    // A day's slots whatever the product: the order search's visit-day filter (decision 0230).
    index('plots_date_idx').on(t.date),
    // One plot per product, date and start (an all-day plot, start null, once
    // per date): two schedule runs at once cannot both add a slot. Open plots
    // (date null) are left out.
    uniqueIndex('plots_product_slot_key')
      .on(t.productId, t.date, sql`coalesce(${t.startTime}, time '24:00')`)
      .where(sql`${t.date} IS NOT NULL`),
  ],
);

/**
 * A product's opening schedule (decision 0165; modules/schedules): its plots are
 * generated from it over a rolling window. `generated_until` is the last date
 * plots were generated for; the daily extension starts after it.
 */
export const productSchedules = pgTable('product_schedules', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** A ProductSchedule (`@kassa/domain/contract/catalogue-schedule`), parsed on every read. */
  schedule: jsonb('schedule').$type<unknown>().notNull(),
  /** The audience keys the schedule's AUDIENCE prices use, to the product's audience ids. */
  audienceIds: jsonb('audience_ids').$type<Record<string, number>>().notNull().default({}),
  generatedUntil: date('generated_until', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const plotAudiencePrices = pgTable(
  'plot_audience_prices',
  {
    plotId: integer('plot_id')
      .notNull()
      .references(() => plots.id, { onDelete: 'cascade' }),
    audienceId: integer('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.plotId, t.audienceId] })],
);

export const upsells = pgTable('upsells', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** The upsell's key in the catalogue file. */
  key: text('key'),
  title: localized('title'),
  /** HTML written by the shop; the storefront sanitises it. */
  description: localized('description'),
  image: text('image'),
  priceCents: integer('price_cents').notNull().default(0),
  upsellType: text('upsell_type').$type<'STANDARD' | 'DONATION'>().notNull().default('STANDARD'),
  maxQuantity: integer('max_quantity'),
  donationStepCents: integer('donation_step_cents'),
  /** Handed out at the door (an audio guide): printed on the ticket so staff see it was paid for. */
  showOnTicket: boolean('show_on_ticket').notNull().default(false),
  /** VAT rate by name (organisations.tax_rates). */
  vatRate: text('vat_rate'),
});

export const productUpsells = pgTable(
  'product_upsells',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    upsellId: integer('upsell_id')
      .notNull()
      .references(() => upsells.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.upsellId] })],
);

export const subscriptionUpsells = pgTable(
  'subscription_upsells',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    upsellId: integer('upsell_id')
      .notNull()
      .references(() => upsells.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.upsellId] })],
);

export const productCrossSells = pgTable(
  'product_cross_sells',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    crossProductId: integer('cross_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.crossProductId] })],
);

export const faqQuestions = pgTable('faq_questions', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  question: localized('question'),
  answer: localized('answer'),
  sort: integer('sort').notNull().default(0),
});

// ─── Clients ─────────────────────────────────────────────────────────────────

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    address: text('address'),
    city: text('city'),
    vatId: text('vat_id'),
    /**
     * lib/password-hash.ts format; null for an account made by the shop that
     * has not chosen a password (it logs in with a mailed link). Decision 0120.
     */
    passwordHash: text('password_hash'),
    /** Values of custom fields known to the account, by field id. */
    fields: jsonb('fields').$type<Record<string, string | boolean>>().notNull().default({}),
    /** A business account whose orders go on invoice (when the shop allows invoices). */
    allowInvoice: boolean('allow_invoice').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clients_org_email_idx').on(t.organisationId, t.email)],
);

/**
 * A logged-in browser of a client (decision 0120): only the SHA-256 of its
 * bearer token (≥128 bits) is stored; logout deletes the row.
 */
export const clientSessions = pgTable(
  'client_sessions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_sessions_client_idx').on(t.clientId, t.expiresAt)],
);

/** A mailed "log me in" link (decision 0120): single-use, expiring; only its token's SHA-256 is stored. */
export const clientLoginLinks = pgTable(
  'client_login_links',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('client_login_links_client_idx').on(t.clientId)],
);

export const clientGroups = pgTable('client_groups', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** The group's key in the catalogue file. */
  key: text('key'),
  name: localized('name'),
  /** Every member's orders go on invoice (when the shop allows invoices). */
  allowInvoice: boolean('allow_invoice').notNull().default(false),
});

export const clientGroupMembers = pgTable(
  'client_group_members',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => clientGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.groupId] })],
);

/** A subscription a client holds: the passes they can redeem or renew. */
export const clientSubscriptions = pgTable(
  'client_subscriptions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The paid order that made it; unique, so one order never makes two (decision 0121). */
    orderId: integer('order_id'),
    /** Secret the storefront sends to redeem this subscription. */
    token: text('token').notNull().unique(),
    /** Renewal link secret. */
    renewalHash: text('renewal_hash').notNull().unique(),
    /** -1 is unlimited. */
    availableRedemptions: integer('available_redemptions').notNull().default(-1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The buyer withdrew from the purchase (decision 0254): expires_at was set to that moment. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_subscriptions_order_idx').on(t.orderId),
    index('client_subscriptions_client_idx').on(t.clientId),
  ],
);

/**
 * What a SUBSCRIPTION order buys beyond its lines (decision 0121): the
 * subscription, and for a renewal the holding it extends and which of its
 * passes. fulfilled_at is set once, by the settlement that fulfils it.
 */
export const subscriptionOrders = pgTable('subscription_orders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  subscriptionId: integer('subscription_id')
    .notNull()
    .references(() => subscriptions.id),
  /** The holding a renewal extends; null for a new subscription. */
  renewsClientSubscriptionId: integer('renews_client_subscription_id').references(
    () => clientSubscriptions.id,
    { onDelete: 'set null' },
  ),
  /** A renewal's passes (ids of subscription_passes of that holding). */
  passIds: integer('pass_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
});

/** Redemptions an order took from a client subscription: given back if the unpaid order expires. */
export const orderRedemptions = pgTable(
  'order_redemptions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    clientSubscriptionId: integer('client_subscription_id')
      .notNull()
      .references(() => clientSubscriptions.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
  },
  (t) => [index('order_redemptions_order_idx').on(t.orderId)],
);

export const subscriptionPasses = pgTable('subscription_passes', {
  id: serial('id').primaryKey(),
  clientSubscriptionId: integer('client_subscription_id')
    .notNull()
    .references(() => clientSubscriptions.id, { onDelete: 'cascade' }),
  audienceId: integer('audience_id').references(() => audiences.id, { onDelete: 'set null' }),
  fullName: text('full_name').notNull(),
  avatar: text('avatar'),
  birthday: date('birthday', { mode: 'string' }),
  /** What the pass's QR code carries (≥128 bits): staff scan it at the door (decision 0090). */
  secret: text('secret')
    .notNull()
    .unique()
    .$defaultFn(() => secretToken()),
});

// ─── Coupons ─────────────────────────────────────────────────────────────────

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Stored uppercase; codes compare case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind').$type<'PERCENTAGE' | 'AMOUNT'>().notNull(),
    /** Percentage in hundredths of a percent (1000 = 10 %), or cents. */
    value: integer('value').notNull(),
    /** The discount applies to at most this many tickets; null is all. */
    maxTicketAmount: integer('max_ticket_amount'),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    subscriptionIds: integer('subscription_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [uniqueIndex('coupons_org_code_idx').on(t.organisationId, t.code)],
);

// ─── Orders ──────────────────────────────────────────────────────────────────

// The order vocabulary is domain's (decision 0225); its types are named here too for the rows' users.
export type { OrderKind } from '@kassa/domain/rules/order-kind';
export type { OrderStatus } from '@kassa/domain/rules/order-status';

export interface OrderCustomer {
  first_name: string;
  last_name: string;
  email: string;
  company?: string | null;
  vat_id?: string | null;
  address?: string | null;
  city?: string | null;
  fields: Record<string, string | boolean>;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Public secret of the order (≥128 bits): return page, tickets. */
    hash: text('hash').notNull().unique(),
    /**
     * The order number customers see and type (decision 0104): 11 digits from
     * the CSPRNG with a Damm check digit, never sequential. Written by the
     * engine (book-order.ts); the default covers the demo seed's own rows.
     */
    reference: text('reference')
      .notNull()
      .unique()
      .$defaultFn(() => orderReference()),
    kind: text('kind').$type<OrderKind>().notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('PENDING'),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    customer: jsonb('customer').$type<OrderCustomer>().notNull(),
    language: text('language').notNull().default('en'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    additionsCents: integer('additions_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    onInvoice: boolean('on_invoice').notNull().default(false),
    couponCodes: text('coupon_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When an unpaid order's seats are released; null once paid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that made the order under its Idempotency-Key: a reuse with another body is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The order this one rebooks, if any. */
    rebookOfOrderId: integer('rebook_of_order_id'),
    /** Rebooking only: the old order's value credited against this order's total (decision 0040). */
    rebookCreditCents: integer('rebook_credit_cents').notNull().default(0),
    /**
     * Marketing context the order was sent with (campaign tags, referrer,
     * embedding page; bounded by rules/enrichment, decision 0194); null when none.
     */
    enrichment: jsonb('enrichment').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_org_idempotency_idx').on(t.organisationId, t.idempotencyKey),
    index('orders_status_expiry_idx').on(t.status, t.expiresAt),
    index('orders_rebook_of_idx').on(t.rebookOfOrderId),
    // ── Order search behind the counter (modules/staff/order-search-staff.ts, decision 0230) ──
    // Newest first within a shop (created_at, id), and bought-between filters.
    index('orders_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    // E-mail and name prefixes without case: text_pattern_ops serves LIKE 'abc%' whatever the collation.
    index('orders_org_email_search_idx').on(
      t.organisationId,
      sql`lower(${t.customer}->>'email') text_pattern_ops`,
    ),
    index('orders_org_last_name_search_idx').on(
      t.organisationId,
      sql`lower(${t.customer}->>'last_name') text_pattern_ops`,
    ),
    index('orders_org_full_name_search_idx').on(
      t.organisationId,
      sql`lower((${t.customer}->>'first_name') || ' ' || (${t.customer}->>'last_name')) text_pattern_ops`,
    ),
  ],
);

export const ORDER_LINE_KINDS = [
  'PRODUCT',
  'UPSELL',
  'SUBSCRIPTION',
  'VOUCHER_VALUE',
  'ADDITION',
  'DISCOUNT',
] as const;

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Which cart item of the order this line belongs to (0-based). */
    itemIndex: integer('item_index').notNull().default(0),
    kind: text('kind').$type<(typeof ORDER_LINE_KINDS)[number]>().notNull(),
    productId: integer('product_id').references(() => products.id),
    plotId: integer('plot_id').references(() => plots.id),
    audienceId: integer('audience_id').references(() => audiences.id),
    upsellId: integer('upsell_id').references(() => upsells.id),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id),
    voucherValueId: integer('voucher_value_id').references(() => voucherValues.id),
    /** A DISCOUNT paid with a sold voucher code's credit: given back if the order expires unpaid. */
    issuedVoucherId: integer('issued_voucher_id').references(() => issuedVouchers.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Units of the line cancelled by staff (engine/refunds, decision 0236); 0 … quantity. */
    cancelledQuantity: integer('cancelled_quantity').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // A slot's orders: the order search's slot and visit-day filters, the attendee list (decision 0230).
    index('order_lines_plot_idx').on(t.plotId),
  ],
);

export const HOLD_STATUSES = ['PENDING', 'RESERVED', 'PAID', 'RELEASED'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/**
 * Seats an order takes on a plot. Active = PAID, or PENDING/RESERVED whose
 * expires_at is still ahead; availability = capacity − active holds, so an
 * expired hold frees its seats the moment it expires, sweeper or not.
 */
export const capacityHolds = pgTable(
  'capacity_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The order holding the seats; null for a waiting-list offer's hold (decision 0252). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The waiting-list entry whose offer holds the seats until it is claimed or lapses (decision 0252). */
    waitlistEntryId: integer('waitlist_entry_id').references(() => waitlistEntries.id, {
      onDelete: 'cascade',
    }),
    plotId: integer('plot_id')
      .notNull()
      .references(() => plots.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status').$type<HoldStatus>().notNull().default('PENDING'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('capacity_holds_plot_idx').on(t.plotId, t.status, t.expiresAt),
    index('capacity_holds_order_idx').on(t.orderId),
    index('capacity_holds_waitlist_idx').on(t.waitlistEntryId),
    check('capacity_holds_one_holder', sql`(${t.orderId} IS NULL) <> (${t.waitlistEntryId} IS NULL)`),
  ],
);

export const reservations = pgTable('reservations', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** Public secret of the reservation link (≥128 bits). */
  hash: text('hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  allowChanges: boolean('allow_changes').notNull().default(true),
  createdAt: createdAt(),
});

export const rebookingSecrets = pgTable('rebooking_secrets', {
  id: serial('id').primaryKey(),
  /** One secret per order: issuing it again finds the one already there. */
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** Secret rebooking link (≥128 bits). */
  secret: text('secret').notNull().unique(),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * REFUND_REQUIRED: money taken that the shop must give back (a late payment
 * whose seats or discounts were gone, a second payment of a paid order);
 * REFUNDED once the gateway has refunded it.
 */
export const PAYMENT_STATUSES = [
  'OPEN',
  'PAID',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
  'REFUND_REQUIRED',
  'REFUNDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    type: text('type').$type<'REDIRECT' | 'FORM' | 'CUSTOM'>().notNull(),
    /** Public secret identifying the payment (≥128 bits). */
    hash: text('hash').notNull().unique(),
    /** The provider's id (checkout session, PayPal order). */
    providerRef: text('provider_ref'),
    /** The hand-off answered to the storefront (transaction.response), so a replayed request gets the same one. */
    response: jsonb('response').$type<Record<string, unknown>>(),
    status: text('status').$type<PaymentStatus>().notNull().default('OPEN'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The provider's id of the refund, once refunded. */
    refundRef: text('refund_ref'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId), index('payments_ref_idx').on(t.providerRef)],
);

/** Webhook events already handled, so a replay changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

/** Voucher codes sold: typed by people, so ≥80 bits and rate-limited checks. */
export const issuedVouchers = pgTable(
  'issued_vouchers',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    voucherValueId: integer('voucher_value_id').references(() => voucherValues.id, {
      onDelete: 'set null',
    }),
    code: text('code').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The buyer withdrew from the purchase (decision 0254): the balance went to 0 and the money back. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('issued_vouchers_org_code_idx').on(t.organisationId, t.code),
    // Lookups compare typed codes without case, spaces or dashes (rules/voucher-code.ts).
    index('issued_vouchers_org_normalised_code_idx').on(
      t.organisationId,
      sql`upper(regexp_replace(${t.code}, '[[:space:]-]+', '', 'g'))`,
    ),
  ],
);

/** One ticket per person on a paid order line; the secret goes in the QR code. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull().unique(),
    createdAt: createdAt(),
    /** Cancelled by staff (engine/refunds): the door refuses it as cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  // A slot's tickets from its order lines: no-shows and admitted in the manager's view (decision 0264).
  (t) => [index('tickets_order_line_idx').on(t.orderLineId)],
);

// ─── At the door (staff) ─────────────────────────────────────────────────────

/** People who work for a shop (decision 0090): not clients, with their own sessions. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Stored lower-case: logins compare without case. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** lib/password-hash.ts format; null until a password is set. */
    passwordHash: text('password_hash'),
    /** What this person may do (domain rules/staff-role.ts); accounts from before roles are door staff. */
    role: text('role').$type<StaffRole>().notNull().default('door'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_users_org_email_idx').on(t.organisationId, t.email)],
);

/** A logged-in staff device: only the SHA-256 of its bearer token (≥128 bits) is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A mailed set-password link for a staff account (decision 0245): only the
 * SHA-256 of its 128-bit token is stored; single-use (used_at) and short-lived.
 */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: serial('id').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_password_links_user_idx').on(t.staffUserId)],
);

/**
 * A ticket or pass let in at the door (decision 0091). The partial unique
 * indexes are what make admission exactly-once: one standing admission per
 * ticket, one per pass and day. An undone admission no longer counts; an
 * offline admission that synced after another one is kept as a duplicate
 * (duplicate_of), so double entries while offline are reported, not lost.
 */
export const admissions = pgTable(
  'admissions',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    passId: integer('pass_id').references(() => subscriptionPasses.id, { onDelete: 'cascade' }),
    /** The shop's local day of the admission. */
    day: date('day', { mode: 'string' }).notNull(),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
    /** The scanning device's clock when it admitted while offline; null for online scans. */
    offlineAt: timestamp('offline_at', { withTimezone: true }),
    duplicateOf: integer('duplicate_of'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('admissions_ticket_once_idx')
      .on(t.ticketId)
      .where(sql`${t.undoneAt} IS NULL AND ${t.duplicateOf} IS NULL AND ${t.ticketId} IS NOT NULL`),
    uniqueIndex('admissions_pass_day_once_idx')
      .on(t.passId, t.day)
      .where(sql`${t.undoneAt} IS NULL AND ${t.duplicateOf} IS NULL AND ${t.passId} IS NOT NULL`),
    index('admissions_org_day_idx').on(t.organisationId, t.day),
  ],
);

/**
 * What staff (and visitors and Kassa itself, where they change an order) did:
 * appended in the same transaction as the change, never updated or deleted
 * (lib/audit-log.ts; the database refuses UPDATE and DELETE on it, db/client.ts).
 * `before` and `after` hold the changed fields only; amounts are cents.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The staff member who acted; null for a visitor or Kassa itself (see actor). */
    staffUserId: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** Who acted, as read at the time: a staff member's e-mail, "visitor" or "system". */
    actor: text('actor').notNull(),
    /** What was done, dotted: order.cancel, order.resend, staff.add, slot.close, … */
    action: text('action').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What else the action was about, readable: a plot, a staff account, a request. */
    subject: text('subject'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    amountCents: integer('amount_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_org_created_idx').on(t.organisationId, t.createdAt),
    index('audit_log_order_idx').on(t.orderId),
  ],
);

// ─── Refunds (cancelling part or all of a sold order) ────────────────────────

export const REFUND_METHODS = ['original', 'voucher', 'none'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** One cancelled line of a refund: how many units, which tickets, what they were worth. */
export interface RefundLine {
  orderLineId: number;
  quantity: number;
  /** The units' share of what was paid (decision 0235). */
  amountCents: number;
  ticketIds: string[];
}

/**
 * One cancellation of order lines or tickets and the money it gives back
 * (engine/refunds, decisions 0235–0237): written in the cancelling
 * transaction as `pending` (or `succeeded` when no money moves at the
 * gateway), then `succeeded` or `failed` after the gateway's answer. A
 * failed one is retried with the same idempotency key, so the provider makes
 * it once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payment refunded at its gateway (method original); null otherwise. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method').$type<RefundMethod>().notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    gateway: text('gateway'),
    /** The provider's id of the refund, once made. */
    providerRef: text('provider_ref'),
    /** The provider's idempotency key: every attempt of this refund sends it. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Method voucher: the gift voucher issued for the amount. */
    issuedVoucherId: integer('issued_voucher_id').references(() => issuedVouchers.id, {
      onDelete: 'set null',
    }),
    staffUserId: integer('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** Who cancelled, as read at the time: a staff member's e-mail, "visitor" or "system". */
    actor: text('actor').notNull(),
    reason: text('reason'),
    lines: jsonb('lines').$type<RefundLine[]>().notNull(),
    /** Why the last gateway attempt failed (no secrets: the provider's message). */
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_org_status_idx').on(t.organisationId, t.status),
    index('refunds_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

// ─── Staff requests (the requests inbox: FAQ refund requests) ───────────────

export const STAFF_REQUEST_STATUSES = ['open', 'approved', 'declined'] as const;
export type StaffRequestStatus = (typeof STAFF_REQUEST_STATUSES)[number];

/**
 * Every refund or cancellation request sent from the FAQ page (decision
 * 0239), kept so box office staff answer it from an inbox: linked to the
 * order when the number and the e-mail address match, open until approved
 * (the cancellation goes through engine/refunds) or declined with a message.
 */
export const staffRequests = pgTable(
  'staff_requests',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The order named, when its number and the customer's e-mail both match; null otherwise. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The order number as typed, digits grouped when it is a reference. */
    orderNumber: text('order_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    status: text('status').$type<StaffRequestStatus>().notNull().default('open'),
    decidedByStaffUserId: integer('decided_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    /** Who decided, as read at the time (a staff member's e-mail). */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The staff's message to the visitor (a decline's reason). */
    answer: text('answer'),
    /** The refund an approval made. */
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_requests_org_status_idx').on(t.organisationId, t.status, t.createdAt)],
);

// ─── Infrastructure ──────────────────────────────────────────────────────────

/**
 * Request counters per clock-aligned window, read as a sliding window
 * (lib/rate-limit.ts, decision 0274). Kept in the database so
 * a limit holds across every server instance; rows past expires_at are
 * deleted opportunistically.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** The limit's name and the client it counts, e.g. `voucher-check:203.0.113.7`. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_expires_idx').on(t.expiresAt)],
);

export const MAIL_JOB_STATUSES = ['PENDING', 'SENT', 'SKIPPED', 'FAILED'] as const;
export type MailJobStatus = (typeof MAIL_JOB_STATUSES)[number];

/**
 * The mail outbox (decision 0050): every mail is a job written in the
 * transaction whose change causes it, and sent by a worker (src/outbox).
 * PENDING until sent; SKIPPED when there turned out to be nothing to send;
 * FAILED after the last attempt. A claimed job's next_attempt_at is pushed
 * past its lease, so a worker that dies mid-send leaves it for another.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** The mail kind's name (registered in src/wiring/mail-kinds.ts), which renders it from the payload at send time. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** One job per key at most (e.g. the first tickets mail of an order); null: no such limit. */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').$type<MailJobStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The Message-ID of the mail as sent. */
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('mail_jobs_organisation_idx').on(t.organisationId, t.kind),
  ],
);

/**
 * Server-wide settings that must be the same on every instance, created once
 * on first use (e.g. the generated ALTCHA HMAC key when ALTCHA_HMAC_KEY is unset).
 */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * ALTCHA challenges already spent on an order (modules/captcha): the primary
 * key makes a replayed payload fail its insert. Rows are useless once the
 * challenge has expired and are deleted opportunistically.
 */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    /** SHA-256 (hex) of the challenge's signature, which covers its random nonce. */
    challengeHash: text('challenge_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captchas_expires_idx').on(t.expiresAt)],
);

// ─── Waiting list (modules/waitlist, decisions 0252 and 0253) ────────────────

export const WAITLIST_STATUSES = ['WAITING', 'OFFERED', 'CLAIMED', 'LAPSED'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * A visitor waiting for places on a full plot. WAITING until places come
 * free; then OFFERED: a capacity hold (capacity_holds.waitlist_entry_id)
 * keeps the places for them until offer_expires_at, and the mailed link
 * (token) lets them buy. CLAIMED once bought; LAPSED when the offer ran out
 * (the places go to the next in line).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    plotId: integer('plot_id')
      .notNull()
      .references(() => plots.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    language: text('language').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status').$type<WaitlistStatus>().notNull().default('WAITING'),
    /** The offer link's secret (≥128 bits), set when offered. */
    token: text('token').unique(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    claimedOrderId: integer('claimed_order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('waitlist_entries_plot_idx').on(t.plotId, t.status, t.id),
    index('waitlist_entries_offers_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'OFFERED'`),
  ],
);

// ─── Rush mode: waiting rooms (decisions 0265–0267) ──────────────────────────

/**
 * One waiting room: a rush of a product (or of the whole shop, product_id
 * null) at one opening time. Made by the first visitor who queues; a new
 * opening time in the catalogue makes a new queue.
 */
export const rushQueues = pgTable(
  'rush_queues',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** 'shop' or 'product:{id}'. */
    scope: text('scope').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    /** The pre-queue was put in its random order (at the opening). */
    preQueueRanked: boolean('pre_queue_ranked').notNull().default(false),
    /** The rank the next visitor who queues gets. */
    nextRank: integer('next_rank').notNull().default(1),
    /** Every rank up to this one is admitted; admissions go strictly in rank order. */
    admittedThrough: integer('admitted_through').notNull().default(0),
    /** The fraction of an admission carried from the last tick (fixed rate). */
    credit: doublePrecision('credit').notNull().default(0),
    tickedAt: timestamp('ticked_at', { withTimezone: true }),
    /** Turned off early: the product sold out. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason').$type<'SOLD_OUT'>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rush_queues_key').on(t.organisationId, t.scope, t.opensAt)],
);

export type RushEntryStatus = 'WAITING' | 'ADMITTED' | 'USED';

/** A visitor's place in a waiting room; the queue token and the pass name its id. */
export const rushEntries = pgTable(
  'rush_entries',
  {
    id: serial('id').primaryKey(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => rushQueues.id, { onDelete: 'cascade' }),
    /** Queued before the opening: ranked at random at the opening. */
    preQueue: boolean('pre_queue').notNull(),
    /** 128 random bits (hex): the pre-queue's order at the opening. */
    drawKey: text('draw_key').notNull(),
    /** 1 is first; null in the pre-queue until the opening. */
    rank: integer('rank'),
    status: text('status').$type<RushEntryStatus>().notNull().default('WAITING'),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    passExpiresAt: timestamp('pass_expires_at', { withTimezone: true }),
    /** The order that spent the pass. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rush_entries_rank_key').on(t.queueId, t.rank),
    index('rush_entries_passes_idx').on(t.queueId, t.status, t.passExpiresAt),
  ],
);

// ─── Documents (tax): invoices, credit notes and their numbers ───────────────

/** A rate's totals as a document was issued (decision 0240). */
export interface IssuedRateTotal {
  rateBp: number | null;
  grossCents: number;
  netCents: number;
  vatCents: number;
}

/** One line of an issued invoice or credit note, frozen as issued. */
export interface IssuedDocumentLine {
  /** The order line it is for; null for a reduction's part that spans none. */
  orderLineId: number | null;
  kind: 'CHARGE' | 'REDUCTION';
  description: string;
  quantity: number;
  rateBp: number | null;
  grossCents: number;
  netCents: number;
  vatCents: number;
  /** Charges: what the line was sold for after reductions (what a credit note may take back). */
  paidGrossCents: number;
  /** YYYY-MM-DD: the day of the visit, for a dated ticket. */
  date: string | null;
}

/** The buyer as the invoice names them. */
export interface InvoiceBuyer {
  name: string;
  email: string;
  company: string | null;
  vatId: string | null;
  address: string | null;
  city: string | null;
}

/**
 * The last number given per shop, document kind and year (the shop's
 * calendar): the counter row is locked by the transaction that issues, so
 * numbers are gap-free and never shared (decision 0242).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'INVOICE' | 'CREDIT_NOTE'>().notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.kind, t.year] })],
);

/** An issued invoice: written once in the settlement transaction, never changed (decision 0242). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** As printed: YYYY-NNNNN. */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** YYYY-MM-DD, the shop's day the invoice was issued. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** YYYY-MM-DD: the date of supply (the first visit, else the issue date). */
    supplyDate: date('supply_date', { mode: 'string' }).notNull(),
    /** YYYY-MM-DD: when an invoice order is to be paid; null when paid already. */
    dueDate: date('due_date', { mode: 'string' }),
    language: text('language').notNull(),
    currency: text('currency').notNull(),
    seller: jsonb('seller').$type<Seller>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    orderReference: text('order_reference').notNull(),
    lines: jsonb('lines').$type<IssuedDocumentLine[]>().notNull(),
    totals: jsonb('totals').$type<IssuedRateTotal[]>().notNull(),
    /** Gross of all lines: the sum of the totals per rate. */
    grossCents: integer('gross_cents').notNull(),
    /** Paid by a multi-purpose gift card (a payment, not a reduction). */
    voucherPaymentCents: integer('voucher_payment_cents').notNull().default(0),
    /** Credited from the order a rebooking replaced. */
    rebookCreditCents: integer('rebook_credit_cents').notNull().default(0),
    /** What the buyer paid or owes: gross less the payments above. */
    payableCents: integer('payable_cents').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_order_idx').on(t.orderId),
    uniqueIndex('invoices_org_number_idx').on(t.organisationId, t.number),
    // The sales report and the VAT report read a period's invoices by their day (decision 0264).
    index('invoices_org_issue_date_idx').on(t.organisationId, t.issueDate),
  ],
);

/** A credit note: takes back part of an invoice, never more than it (decision 0242). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The refund it goes with, when there is one (the refunds table's id, or a payment's for automatic refunds). */
    refundId: integer('refund_id'),
    /** As printed: CN-YYYY-NNNNN. */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** The lines credited, positive amounts (the document prints them as taken back). */
    lines: jsonb('lines').$type<IssuedDocumentLine[]>().notNull(),
    totals: jsonb('totals').$type<IssuedRateTotal[]>().notNull(),
    grossCents: integer('gross_cents').notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_org_number_idx').on(t.organisationId, t.number),
    index('credit_notes_order_idx').on(t.orderId),
    index('credit_notes_org_issue_date_idx').on(t.organisationId, t.issueDate),
  ],
);

/** What the sales rollup sums: which documents, and by which group (decision 0271). */
export type SalesRollupDocument = 'INVOICE' | 'CREDIT_NOTE';
export type SalesRollupDimension = 'day' | 'total' | 'product' | 'audience' | 'channel' | 'coupon';

/**
 * The sales report's sums per shop day and group (decision 0271), added to
 * in the transaction that issues the invoice or credit note they sum, with
 * one upsert that adds (`x = x + excluded.x`), so concurrent issuers add up
 * exactly. `day` is the document's issue date; `key` the report's group key
 * ('' for the dimensions `day`, the documents with lines, and `total`,
 * every document).
 */
export const salesRollup = pgTable(
  'sales_rollup',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    document: text('document').$type<SalesRollupDocument>().notNull(),
    dimension: text('dimension').$type<SalesRollupDimension>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    /** Documents with a line in the group (each document is on one day, so days add up). */
    documents: integer('documents').notNull(),
    tickets: bigint('tickets', { mode: 'number' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.document, t.dimension, t.day, t.key] })],
);

/**
 * Per plot, what the no-shows report counts (decision 0271): `tickets`, the
 * standing tickets of paid or on-invoice orders, and `admitted`, those let
 * in. Added to in the transactions that issue, cancel or move tickets and
 * that admit or undo at the door, with one statement that adds, so
 * concurrent writers count exactly. The report reads it instead of every
 * ticket and its admission.
 */
export const plotTallies = pgTable('plot_tallies', {
  plotId: integer('plot_id')
    .primaryKey()
    .references(() => plots.id, { onDelete: 'cascade' }),
  tickets: integer('tickets').notNull().default(0),
  admitted: integer('admitted').notNull().default(0),
});
