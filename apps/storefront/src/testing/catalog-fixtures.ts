/** Builders of contract payloads for storefront tests: valid by default, override what a test is about. */
import type {
  Category,
  HomeProducts,
  ProductSummary,
  SubscriptionSummary,
  VoucherSummary,
} from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import type { Faq } from '@kassa/domain/contract/faq';

const base = (id: number, title: string) => ({
  id,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  description: `About ${title}`,
  image: `/media/${id}.svg`,
  label: null,
  state: 'PUBLISHED' as const,
  visible: true,
  category: null,
  sort: id,
});

export function aProduct(overrides: Partial<ProductSummary> & { id: number; title: string }): ProductSummary {
  return {
    ...base(overrides.id, overrides.title),
    full: false,
    price: 10,
    min_quantity: 1,
    max_quantity: null,
    types: { price: 'FIXED', capacity: 'PLOT' },
    options: { days: false, timeslots: false, audiences: false },
    settings: { show_end_time: false, show_availability: false },
    allow_reservations: false,
    ...overrides,
  };
}

export function aSubscription(
  overrides: Partial<SubscriptionSummary> & { id: number; title: string },
): SubscriptionSummary {
  return { ...base(overrides.id, overrides.title), full: false, type: 'PHYSICAL', price: 60, ...overrides };
}

export function aVoucher(overrides: Partial<VoucherSummary> & { id: number; title: string }): VoucherSummary {
  return { ...base(overrides.id, overrides.title), full: false, price: 25, ...overrides };
}

export function aCategory(overrides: Partial<Category> & { id: number; title: string }): Category {
  return {
    slug: overrides.title.toLowerCase().replace(/\W+/g, '-'),
    description: `All about ${overrides.title}`,
    image: null,
    parent: null,
    children: [],
    state: 'PUBLISHED',
    sort: overrides.id,
    full: false,
    ...overrides,
  };
}

export function aHome(overrides: Partial<HomeProducts> = {}): HomeProducts {
  return { products: [], subscriptions: [], vouchers: [], ...overrides };
}

export function anOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    id: 1,
    name: 'Test Museum',
    currency: 'EUR',
    default_language: 'en',
    languages: ['en', 'nl', 'es', 'de', 'fr'],
    time_zone: 'Europe/Amsterdam',
    date_format: 'DD-MM-YYYY',
    theme_colour: '1abc9c',
    shop: { categories: true },
    allowShoppingCart: true,
    allow_business: false,
    captcha_enabled: false,
    reservation_days: 7,
    fields: {},
    additions: [],
    hero: { title: null, text: null, image: null },
    logo: null,
    ...overrides,
  };
}

export function aFaq(overrides: Partial<Faq> = {}): Faq {
  return {
    faq_enabled: true,
    questions: [],
    rebooking_allowed: false,
    rebooking_secret: null,
    phone_number: null,
    email: null,
    whatsapp_url: null,
    opening_hours_url: null,
    ...overrides,
  };
}
