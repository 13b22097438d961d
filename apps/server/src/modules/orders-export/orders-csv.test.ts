import { describe, expect, it } from 'vitest';
import type { ExportShop } from './build-export-order.ts';
import type { ExportOrder } from './export-order.ts';
import { csvHeader, csvOrderRows } from './orders-csv.ts';

const shop: ExportShop = {
  timeZone: 'Europe/Amsterdam',
  currency: 'EUR',
  language: 'en',
  customFields: [{ id: 7, label: 'Team name' }],
  phoneFieldIds: new Set(),
  additions: [],
};

function rebooking(): ExportOrder {
  return {
    reference: '12345678903',
    kind: 'PRODUCT',
    status: 'PAID',
    created_at: '2026-06-15T09:30:00+02:00',
    paid_at: null,
    language: 'en',
    currency: 'EUR',
    on_invoice: false,
    rebook_of: '48210937563',
    customer: {
      first_name: 'Robin',
      last_name: 'Rebook',
      email: 'robin@example.test',
      phone: null,
      company: null,
      vat_id: null,
      address: null,
      city: null,
      fields: { 'Team name': '@home' },
    },
    lines: [
      {
        type: 'TICKET',
        item: 'Light & Colour',
        date: '2026-06-20',
        start_time: '11:00',
        end_time: null,
        audience: null,
        quantity: 2,
        unit_price: '25.00',
        total: '50.00',
        vat: { rate: '9', net: '45.87', vat: '4.13', gross: '50.00' },
      },
    ],
    discounts: {
      coupon_codes: [],
      coupon_amount: '0.00',
      voucher_credits: [],
      voucher_credit_amount: '0.00',
      subscription_redemptions: [{ subscription: 'Ten-visit card', count: 2 }],
    },
    additions: [{ name: null, amount: '2.50', vat: { rate: '21', net: '2.07', vat: '0.43', gross: '2.50' } }],
    totals: { subtotal: '50.00', discount: '0.00', additions: '2.50', rebook_credit: '45.00', total: '7.50' },
    payment: null,
    payments: [],
    invoice_number: '2026-00042',
    reductions_vat: null,
    enrichment: null,
  };
}

const cells = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((row) => row.split(','));

describe('the CSV of an order', () => {
  it('starts with a BOM and names one column per custom field', () => {
    const header = csvHeader(shop);
    expect(header.startsWith('\uFEFForder_reference,created_at,status,')).toBe(true);
    expect(header).toContain(',city,field: Team name,coupon_codes,');
    expect(header.endsWith(',line_unit_price,line_total,invoice_number,net,vat_rate,vat,gross\r\n')).toBe(
      true,
    );
  });

  it("writes a rebooking's credit as a negative line naming the order it replaced, so the lines add up to the total", () => {
    const header = cells(csvHeader(shop).slice(1))[0]!;
    const rows = cells(csvOrderRows(rebooking(), shop)).map((row) =>
      Object.fromEntries(header.map((name, index) => [name, row[index]])),
    );
    expect(rows.map((row) => [row.line_no, row.line_type, row.line_item, row.line_total])).toEqual([
      ['1', 'TICKET', 'Light & Colour', '50.00'],
      ['2', 'ADDITION', '', '2.50'],
      ['3', 'REBOOK_CREDIT', '4821 0937 563', '-45.00'],
    ]);
    expect(rows.reduce((sum, row) => sum + Math.round(Number(row.line_total) * 100), 0)).toBe(750);
    // VAT per line as the invoice was issued (decision 0240); a rebooking's credit is a payment, not a supply.
    expect(rows.map((row) => [row.invoice_number, row.net, row.vat_rate, row.vat, row.gross])).toEqual([
      ['2026-00042', '45.87', '9', '4.13', '50.00'],
      ['2026-00042', '2.07', '21', '0.43', '2.50'],
      ['2026-00042', '', '', '', ''],
    ]);
    expect(rows[0]).toMatchObject({
      order_reference: '1234 5678 903',
      created_at: '2026-06-15 09:30:00',
      rebook_of: '4821 0937 563',
      'field: Team name': "'@home",
      subscription_redemptions: 'Ten-visit card × 2',
      order_total: '7.50',
    });
  });

  it('lists a pass without a count when it took no redemption (an unlimited pass, decision 0254)', () => {
    const header = cells(csvHeader(shop).slice(1))[0]!;
    const order = rebooking();
    order.discounts.subscription_redemptions = [
      { subscription: 'Year pass', count: 0 },
      { subscription: 'Ten-visit card', count: 2 },
    ];
    const [row] = cells(csvOrderRows(order, shop));
    expect(row![header.indexOf('subscription_redemptions')]).toBe('Year pass; Ten-visit card × 2');
  });

  it('gives an order without lines one row with empty line columns', () => {
    const order = {
      ...rebooking(),
      lines: [],
      additions: [],
      totals: { ...rebooking().totals, rebook_credit: '0.00' },
    };
    const rows = cells(csvOrderRows(order, shop));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(-15)).toEqual(Array(15).fill(''));
  });

  it('writes the enrichment: campaign tags, referrer, landing and embedding page in columns, the rest as JSON', () => {
    const header = cells(csvHeader(shop).slice(1))[0]!;
    expect(header.slice(header.indexOf('rebook_of') + 1, header.indexOf('line_no'))).toEqual([
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'referrer',
      'landing_page',
      'embedding_page',
      'enrichment_other',
    ]);
    const order: ExportOrder = {
      ...rebooking(),
      enrichment: {
        utm_source: 'newsletter',
        utm_campaign: '=HYPERLINK("http://evil.example")',
        referrer: 'https://blog.example/post',
        landing_page: '/?utm_source=newsletter',
        utm_id: 'abc',
        partner: { id: 7 },
      },
    };
    const [row] = cells(csvOrderRows(order, shop)).map((values) =>
      Object.fromEntries(header.map((name, index) => [name, values[index]])),
    );
    expect(row).toMatchObject({
      utm_source: 'newsletter',
      utm_medium: '',
      referrer: 'https://blog.example/post',
      landing_page: '/?utm_source=newsletter',
      embedding_page: '',
    });
    // People's input: a formula is defused, like any other typed-in cell.
    expect(csvOrderRows(order, shop)).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvOrderRows(order, shop)).toContain(`"{""utm_id"":""abc"",""partner"":{""id"":7}}"`);
    const plain = cells(csvOrderRows(rebooking(), shop))[0]!;
    expect(plain.slice(header.indexOf('utm_source'), header.indexOf('line_no'))).toEqual(Array(9).fill(''));
  });
});
