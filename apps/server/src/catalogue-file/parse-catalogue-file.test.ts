import { describe, expect, it } from 'vitest';
import { parseCatalogueFile } from './parse-catalogue-file.ts';

const HEAD = `version: 1
organisation:
  slug: my-shop
  name: My shop
  currency: EUR
  time_zone: Europe/Amsterdam
  tax_rates: [{ name: reduced, percentage: 9 }, { name: standard, percentage: 21 }]
  seller: { legal_name: My shop B.V., address: Main street 1 }
`;

/** A valid file with one product; `extra` is appended at the top level. */
const shop = (extra = '') => `${HEAD}products:
  - slug: walk
    title: City walk
    price: 15
    vat_rate: reduced
    price_type: AUDIENCE
    days: true
    audiences:
      - key: adult
        name: Adult
        price: 15
      - key: child
        name: { en: Child, nl: Kind }
        price: 7.5
${extra}`;

function errorsOf(source: string): string[] {
  const result = parseCatalogueFile(source);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('parseCatalogueFile', () => {
  it('accepts a valid file and fills in the defaults', () => {
    const result = parseCatalogueFile(shop());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file.organisation.languages).toEqual(['en', 'nl', 'es', 'de', 'fr']);
    expect(result.file.products[0]).toMatchObject({
      state: 'PUBLISHED',
      capacity_type: 'PLOT',
      min_quantity: 1,
    });
  });

  it('reports YAML syntax errors with line and column', () => {
    expect(errorsOf(`${HEAD}products: [\n  - slug: x\n`)[0]).toMatch(/^line \d+, column \d+: /);
  });

  it('reports a key written twice with its line', () => {
    expect(errorsOf(`${HEAD}faq: []\nfaq: []\n`)[0]).toMatch(/^line 10, column 1: Map keys must be unique/);
  });

  // The table of docs/catalogue-file.md ("What an import refuses to read"): each error with its path.
  const cases: [string, string, string][] = [
    ['an unknown version', HEAD.replace('version: 1', 'version: 2'), 'version: the only version is 1'],
    ['a missing organisation', 'version: 1\n', 'organisation: required'],
    [
      'a bad currency',
      HEAD.replace('EUR', 'euro'),
      'organisation.currency: a currency is three capital letters (EUR)',
    ],
    [
      'PayPal in a shop that does not sell in EUR',
      HEAD.replace('currency: EUR', 'currency: USD\n  payment_gateway: paypal'),
      "organisation.payment_gateway: paypal charges in EUR only, and the shop's currency is USD",
    ],
    [
      'an unknown time zone',
      HEAD.replace('Europe/Amsterdam', 'Mars/Olympus'),
      'organisation.time_zone: not an IANA time zone (Europe/Amsterdam)',
    ],
    [
      'an unknown key (a typo)',
      shop().replace('    days: true', '    dayz: true'),
      'products[0]: unknown key "dayz"',
    ],
    [
      'a negative price',
      shop().replace('price: 7.5', 'price: -1'),
      'products[0].audiences[1].price: a price is never negative',
    ],
    [
      'a price with 3 decimals',
      shop().replace('price: 7.5', 'price: 7.505'),
      'products[0].audiences[1].price: at most 2 decimals',
    ],
    [
      'a bad slug',
      shop().replace('slug: walk', 'slug: City Walk'),
      'products[0].slug: a slug is lower-case letters, digits and single dashes (museum-admission)',
    ],
    [
      'a text in an unknown language',
      shop().replace('{ en: Child, nl: Kind }', '{ en: Child, it: Bambino }'),
      'products[0].audiences[1].name: unknown key "it"',
    ],
    [
      'two products with one slug',
      shop(`  - slug: walk\n    title: Again\n    price: 1\n    vat_rate: reduced\n`).replace(
        /^products:/m,
        'products:',
      ),
      'products[1]: product "walk" twice',
    ],
    [
      'two audiences with one key',
      shop().replace('key: child', 'key: adult'),
      'products[0].audiences[1]: audience "adult" twice',
    ],
    [
      'an AUDIENCE product without audiences',
      `${HEAD}products:\n  - slug: a\n    title: A\n    price: 1\n    vat_rate: reduced\n    price_type: AUDIENCE\n`,
      'products[0].audiences: an AUDIENCE product needs audiences',
    ],
    [
      'max below min quantity',
      shop().replace('    days: true', '    days: true\n    min_quantity: 4\n    max_quantity: 2'),
      'products[0].max_quantity: max_quantity is below min_quantity',
    ],
    [
      'a schedule without days',
      `${HEAD}products:\n  - slug: a\n    title: A\n    price: 1\n    vat_rate: reduced\n    schedule:\n      rules:\n        - capacity: 10\n`,
      'products[0].schedule: a schedule needs days: true',
    ],
    [
      'capacity on a product with days',
      shop().replace('    days: true', '    days: true\n    capacity: 10'),
      'products[0].capacity: capacity is for products without days; a schedule sets the seats of dated plots',
    ],
    [
      'a schedule time that is no time',
      shop().replace(
        '    days: true',
        '    days: true\n    schedule:\n      rules:\n        - capacity: 10\n          slots: [{ start: "25:00" }]',
      ),
      'products[0].schedule.rules[0].slots[0].start: expected a time HH:MM (00:00–23:59)',
    ],
    [
      'a schedule price for an unknown audience',
      shop().replace(
        '    days: true',
        '    days: true\n    schedule:\n      rules:\n        - capacity: 10\n          price: { kind: AUDIENCE, audiences: { senior: 12 } }',
      ),
      'products[0].schedule.rules[0].price.audiences.senior: no audience "senior" on this product',
    ],
    [
      'a category that does not exist',
      shop().replace('    days: true', '    days: true\n    category: tours'),
      'products[0].category: no category "tours"',
    ],
    [
      'an upsell that does not exist',
      shop().replace('    days: true', '    days: true\n    upsells: [audio-guide]'),
      'products[0].upsells[0]: no upsell "audio-guide"',
    ],
    [
      'a cross-sell that does not exist',
      shop().replace('    days: true', '    days: true\n    cross_sells: [cruise]'),
      'products[0].cross_sells[0]: no product "cruise"',
    ],
    [
      'a client group that does not exist',
      shop().replace('    days: true', '    days: true\n    groups: [friends]'),
      'products[0].groups[0]: no client group "friends"',
    ],
    [
      'a coupon with percentage and amount',
      shop('coupons:\n  - code: TEN\n    percentage: 10\n    amount: 5\n'),
      'coupons[0]: give either percentage or amount',
    ],
    [
      'a coupon ending before it starts',
      shop(
        'coupons:\n  - code: TEN\n    amount: 5\n    valid_from: 2026-05-01\n    valid_until: 2026-04-01\n',
      ),
      'coupons[0].valid_until: valid_until is before valid_from',
    ],
    [
      'a coupon for a product that does not exist',
      shop('coupons:\n  - code: TEN\n    amount: 5\n    products: [cruise]\n'),
      'coupons[0].products[0]: no product "cruise"',
    ],
    [
      'a dropdown field without options',
      shop('fields:\n  - key: size\n    type: DROPDOWN\n    name: Size\n'),
      'fields[0].options: a DROPDOWN field needs options',
    ],
    [
      'a field for a voucher that does not exist',
      shop('fields:\n  - key: note\n    type: TEXT\n    name: Note\n    vouchers: [gift]\n'),
      'fields[0].vouchers[0]: no voucher "gift"',
    ],
    [
      'a voucher without values',
      shop('vouchers:\n  - slug: gift\n    title: Gift\n    values: []\n'),
      'vouchers[0].values: a voucher needs at least one value',
    ],
    [
      'a donation step on a standard upsell',
      shop('upsells:\n  - key: map\n    title: Map\n    vat_rate: standard\n    donation_step: 1\n'),
      'upsells[0].donation_step: donation_step is for DONATION upsells',
    ],
    [
      'a text that is neither string nor map',
      shop().replace('name: Adult', 'name: 42'),
      'products[0].audiences[0].name: a text is a string, or a map of languages (en, nl, es, de, fr) to strings',
    ],
    [
      'an AUDIENCE schedule price for an audience the product does not have',
      shop().replace(
        '    days: true',
        `    days: true
    schedule:
      rules:
        - capacity: 20
        - capacity: 20
          price: { kind: AUDIENCE, audiences: { adult: 17, kid: 8 } }`,
      ),
      'products[0].schedule.rules[1].price.audiences.kid: no audience "kid" on this product',
    ],
    [
      'a schedule rule ending before it starts',
      shop().replace(
        '    days: true',
        '    days: true\n    schedule:\n      rules:\n        - { capacity: 20, from: 2027-05-01, until: 2027-04-01 }',
      ),
      'products[0].schedule.rules[0].until: until is before from',
    ],
    [
      'a schedule slot that ends before it starts',
      shop().replace(
        '    days: true',
        `    days: true\n    schedule:\n      rules:\n        - capacity: 20\n          slots: [{ start: '14:00', end: '13:00' }]`,
      ),
      'products[0].schedule.rules[0].slots[0].end: a slot ends after it starts, on the same day',
    ],
    [
      'a date given two schedule exceptions',
      shop().replace(
        '    days: true',
        '    days: true\n    schedule:\n      rules: [{ capacity: 20 }]\n      exceptions: [{ date: 2027-05-05, closed: true }, { date: 2027-05-05, unselectable: true }]',
      ),
      'products[0].schedule.exceptions[1].date: 2027-05-05 has more than one exception',
    ],
    [
      'a hero with an unknown key',
      HEAD + '  hero: { title: Welcome, subtitle: Hello }\n',
      'organisation.hero: unknown key "subtitle"',
    ],
    [
      'a file without VAT rates (made before they existed)',
      HEAD.replace(/ {2}tax_rates: .*\n/, ''),
      'organisation.tax_rates: declare the VAT rates: organisation.tax_rates, e.g. [{ name: standard, percentage: 21 }]; prices stay gross',
    ],
    [
      'a product without its VAT rate',
      shop().replace('    vat_rate: reduced\n', ''),
      'products[0].vat_rate: a product names its VAT rate: vat_rate, one of organisation.tax_rates (e.g. vat_rate: standard); prices stay gross',
    ],
    [
      'a VAT rate that is not declared',
      shop().replace('vat_rate: reduced', 'vat_rate: super'),
      'products[0].vat_rate: no VAT rate "super" in organisation.tax_rates',
    ],
    [
      'a voucher without its purpose',
      shop('vouchers:\n  - slug: card\n    title: Card\n    values: [{ key: a, name: A, price: 10 }]\n'),
      'vouchers[0].purpose: a voucher says its purpose: SINGLE (VAT at sale, give vat_rate) or MULTI (VAT when spent)',
    ],
    [
      'a single-purpose voucher without a rate',
      shop(
        'vouchers:\n  - slug: card\n    title: Card\n    purpose: SINGLE\n    values: [{ key: a, name: A, price: 10 }]\n',
      ),
      'vouchers[0].vat_rate: a SINGLE purpose voucher names its VAT rate',
    ],
    [
      'a file without a seller',
      HEAD.replace(/ {2}seller: .*\n/, ''),
      'organisation.seller: name the seller invoices carry: organisation.seller with legal_name and address',
    ],
    [
      'a bad theme colour',
      HEAD.replace('  time_zone', '  theme_colour: "#2a6f97"\n  time_zone'),
      'organisation.theme_colour: a colour is six hex digits without # (2a6f97)',
    ],
  ];
  it.each(cases)('refuses %s, naming the path', (_name, source, expected) => {
    expect(errorsOf(source)).toContain(expected);
  });

  // Hostile files: refused with their place, never a thrown error, a stack overflow or a database error later.
  const limits: [string, string, string][] = [
    [
      'a price the database cannot hold',
      shop().replace('price: 7.5', 'price: 99999999999'),
      'products[0].audiences[1].price: a price is at most 1000000',
    ],
    [
      'a seat count the database cannot hold',
      shop().replace(
        '    days: true\n',
        '    capacity_type: PLOT\n    max_quantity: 99999999999\n    days: true\n',
      ),
      'products[0].max_quantity: at most 1000000',
    ],
    [
      'a description of more than 20,000 characters',
      shop().replace('    price: 15\n', `    price: 15\n    description: { en: ${'x'.repeat(20_001)} }\n`),
      'products[0].description: a text is at most 20000 characters',
    ],
    [
      'a slug of more than 100 characters',
      shop().replace('slug: walk', `slug: ${'w'.repeat(101)}`),
      'products[0].slug: at most 100 characters',
    ],
  ];
  it.each(limits)('refuses %s, naming the path', (_name, source, expected) => {
    expect(errorsOf(source)).toContain(expected);
  });

  it('refuses a YAML alias bomb at the alias that expands too far', () => {
    const bomb = `${HEAD}faq:
  - &a [x, x, x, x, x, x, x, x, x]
  - &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
  - &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
  - &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
  - &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
`;
    expect(errorsOf(bomb)).toEqual([
      expect.stringMatching(/^line 1[2-4], column \d+: too many aliases \(\*[a-d]\): at most 100 copies/),
    ]);
  });

  it('allows a few aliases, as authors use them to repeat a block', () => {
    const result = parseCatalogueFile(
      shop().replace('        name: Adult', '        name: &adult { en: Adult, nl: Volwassene }') +
        'faq:\n  - { question: *adult, answer: *adult }\n',
    );
    expect(result.ok).toBe(true);
  });

  it('refuses nesting deeper than 32 levels with its line', () => {
    expect(errorsOf(`${HEAD}faq: ${'['.repeat(5000)}${']'.repeat(5000)}\n`)).toEqual([
      expect.stringMatching(/^line 9, column \d+: nested deeper than 32 levels$/),
    ]);
  });

  it('refuses a file over 5 MB before reading it', () => {
    expect(errorsOf(shop() + `# ${'x'.repeat(5 * 1024 * 1024)}\n`)).toEqual([
      '(the file): a catalogue file is at most 5 MB',
    ]);
  });
});
