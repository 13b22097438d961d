import { convert } from 'xmlbuilder2';

/**
 * A check of a UBL e-invoice that runs in Node (decision 0244): the
 * EN 16931 business rules on what must be present (BR-01…BR-16, the
 * seller's VAT id for taxed lines) and its calculation rules (BR-CO-10,
 * -11, -13, -14, -15, -16; BR-S-08 and BR-S-09 per rate, BR-S-09 with the
 * standard's own tolerance of one currency unit), plus each line's
 * quantity × price ÷ base quantity = its net. The official Schematron needs
 * an XSLT 2 processor this machine has not; these are its rules on the
 * elements Kassa writes. Answers the ids of the rules broken, [] when none.
 */

type Node = Record<string, unknown>;

function list(value: unknown): Node[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as Node[];
}

function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && '#' in (value as Node)) return String((value as Node)['#']);
  return undefined;
}

/** An amount in cents (EN 16931 amounts have at most two decimals). */
function cents(value: unknown): number {
  const text = textOf(value);
  if (text === undefined) return NaN;
  return Math.round(Number(text) * 100);
}

function at(node: Node | undefined, ...path: string[]): unknown {
  let current: unknown = node;
  for (const key of path) {
    if (current === undefined || current === null) return undefined;
    const next = (Array.isArray(current) ? current[0] : current) as Node;
    current = next[key];
  }
  return Array.isArray(current) ? current[0] : current;
}

export interface UblSummary {
  root: 'Invoice' | 'CreditNote';
  /** Per VAT rate (percent as written): taxable amount and VAT in cents. */
  perRate: { percent: string; category: string; taxableCents: number; vatCents: number }[];
  taxExclusiveCents: number;
  taxInclusiveCents: number;
  payableCents: number;
}

export function parseUbl(xml: string): { doc: Node; summary: UblSummary } {
  const parsed = convert(xml, { format: 'object' }) as Node;
  const root = 'Invoice' in parsed ? 'Invoice' : 'CreditNote';
  const doc = parsed[root] as Node;
  const totals = at(doc, 'cac:LegalMonetaryTotal') as Node;
  const subtotals = list(at(doc, 'cac:TaxTotal') && (at(doc, 'cac:TaxTotal') as Node)['cac:TaxSubtotal']);
  return {
    doc,
    summary: {
      root,
      perRate: subtotals.map((sub) => ({
        percent: textOf(at(sub, 'cac:TaxCategory', 'cbc:Percent')) ?? '',
        category: textOf(at(sub, 'cac:TaxCategory', 'cbc:ID')) ?? '',
        taxableCents: cents(at(sub, 'cbc:TaxableAmount')),
        vatCents: cents(at(sub, 'cbc:TaxAmount')),
      })),
      taxExclusiveCents: cents(at(totals, 'cbc:TaxExclusiveAmount')),
      taxInclusiveCents: cents(at(totals, 'cbc:TaxInclusiveAmount')),
      payableCents: cents(at(totals, 'cbc:PayableAmount')),
    },
  };
}

export function en16931Violations(xml: string): string[] {
  const broken: string[] = [];
  const rule = (id: string, holds: boolean) => {
    if (!holds) broken.push(id);
  };
  let doc: Node;
  let root: string;
  try {
    const parsed = parseUbl(xml);
    doc = parsed.doc;
    root = parsed.summary.root;
  } catch {
    return ['XML'];
  }
  if (!doc) return ['ROOT'];
  const lineTag = root === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine';
  const quantityTag = root === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  const typeTag = root === 'Invoice' ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode';
  const supplier = at(doc, 'cac:AccountingSupplierParty', 'cac:Party') as Node | undefined;
  const customer = at(doc, 'cac:AccountingCustomerParty', 'cac:Party') as Node | undefined;
  const totals = at(doc, 'cac:LegalMonetaryTotal') as Node | undefined;
  const lines = list(doc[lineTag]);
  const allowances = list(doc['cac:AllowanceCharge']).filter(
    (entry) => textOf(entry['cbc:ChargeIndicator']) === 'false',
  );
  const charges = list(doc['cac:AllowanceCharge']).filter(
    (entry) => textOf(entry['cbc:ChargeIndicator']) === 'true',
  );
  const taxTotal = at(doc, 'cac:TaxTotal') as Node | undefined;
  const subtotals = list(taxTotal?.['cac:TaxSubtotal']);

  rule('BR-01', !!textOf(at(doc, 'cbc:CustomizationID')));
  rule('BR-02', !!textOf(at(doc, 'cbc:ID')));
  rule('BR-03', /^\d{4}-\d{2}-\d{2}$/.test(textOf(at(doc, 'cbc:IssueDate')) ?? ''));
  rule('BR-04', !!textOf(at(doc, typeTag)));
  rule('BR-05', /^[A-Z]{3}$/.test(textOf(at(doc, 'cbc:DocumentCurrencyCode')) ?? ''));
  rule('BR-06', !!textOf(at(supplier, 'cac:PartyLegalEntity', 'cbc:RegistrationName')));
  rule('BR-07', !!textOf(at(customer, 'cac:PartyLegalEntity', 'cbc:RegistrationName')));
  rule('BR-08', !!at(supplier, 'cac:PostalAddress'));
  rule(
    'BR-09',
    /^[A-Z]{2}$/.test(
      textOf(at(supplier, 'cac:PostalAddress', 'cac:Country', 'cbc:IdentificationCode')) ?? '',
    ),
  );
  rule('BR-10', !!at(customer, 'cac:PostalAddress'));
  rule(
    'BR-11',
    /^[A-Z]{2}$/.test(
      textOf(at(customer, 'cac:PostalAddress', 'cac:Country', 'cbc:IdentificationCode')) ?? '',
    ),
  );
  rule('BR-12', !Number.isNaN(cents(at(totals, 'cbc:LineExtensionAmount'))));
  rule('BR-13', !Number.isNaN(cents(at(totals, 'cbc:TaxExclusiveAmount'))));
  rule('BR-14', !Number.isNaN(cents(at(totals, 'cbc:TaxInclusiveAmount'))));
  rule('BR-15', !Number.isNaN(cents(at(totals, 'cbc:PayableAmount'))));
  rule('BR-16', lines.length > 0);
  const taxed = [...lines.map((line) => at(line, 'cac:Item', 'cac:ClassifiedTaxCategory', 'cbc:ID'))].some(
    (id) => textOf(id) === 'S',
  );
  rule('BR-S-02', !taxed || !!textOf(at(supplier, 'cac:PartyTaxScheme', 'cbc:CompanyID')));

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const lineNets = lines.map((line) => cents(line['cbc:LineExtensionAmount']));
  rule('BR-CO-10', sum(lineNets) === cents(at(totals, 'cbc:LineExtensionAmount')));
  const allowanceTotal = sum(allowances.map((entry) => cents(entry['cbc:Amount'])));
  const chargeTotal = sum(charges.map((entry) => cents(entry['cbc:Amount'])));
  const declaredAllowances = at(totals, 'cbc:AllowanceTotalAmount');
  rule(
    'BR-CO-11',
    declaredAllowances === undefined ? allowanceTotal === 0 : cents(declaredAllowances) === allowanceTotal,
  );
  const exclusive = cents(at(totals, 'cbc:TaxExclusiveAmount'));
  rule('BR-CO-13', exclusive === sum(lineNets) - allowanceTotal + chargeTotal);
  const vat = cents(taxTotal?.['cbc:TaxAmount']);
  rule('BR-CO-14', vat === sum(subtotals.map((sub) => cents(sub['cbc:TaxAmount']))));
  const inclusive = cents(at(totals, 'cbc:TaxInclusiveAmount'));
  rule('BR-CO-15', inclusive === exclusive + vat);
  const prepaid = at(totals, 'cbc:PrepaidAmount') === undefined ? 0 : cents(at(totals, 'cbc:PrepaidAmount'));
  const rounding =
    at(totals, 'cbc:PayableRoundingAmount') === undefined
      ? 0
      : cents(at(totals, 'cbc:PayableRoundingAmount'));
  rule('BR-CO-16', cents(at(totals, 'cbc:PayableAmount')) === inclusive - prepaid + rounding);

  for (const sub of subtotals) {
    const percent = textOf(at(sub, 'cac:TaxCategory', 'cbc:Percent'));
    const categoryId = textOf(at(sub, 'cac:TaxCategory', 'cbc:ID'));
    const same = (node: unknown) =>
      textOf(at(node as Node, 'cbc:ID')) === categoryId &&
      Number(textOf(at(node as Node, 'cbc:Percent'))) === Number(percent);
    const base =
      sum(
        lines
          .filter((line) => same(at(line, 'cac:Item', 'cac:ClassifiedTaxCategory')))
          .map((line) => cents(line['cbc:LineExtensionAmount'])),
      ) -
      sum(
        allowances
          .filter((entry) => same(entry['cac:TaxCategory']))
          .map((entry) => cents(entry['cbc:Amount'])),
      ) +
      sum(
        charges.filter((entry) => same(entry['cac:TaxCategory'])).map((entry) => cents(entry['cbc:Amount'])),
      );
    const taxable = cents(sub['cbc:TaxableAmount']);
    rule(`BR-S-08 (${percent}%)`, taxable === base);
    const expected = Math.round((taxable * Number(percent)) / 100);
    rule(`BR-S-09 (${percent}%)`, Math.abs(cents(sub['cbc:TaxAmount']) - expected) < 100);
  }
  lines.forEach((line, index) => {
    const quantity = Number(textOf(line[quantityTag]));
    const price = cents(at(line, 'cac:Price', 'cbc:PriceAmount'));
    const baseQuantity = Number(textOf(at(line, 'cac:Price', 'cbc:BaseQuantity')) ?? 1);
    rule(
      `line ${index + 1} price`,
      Math.round((quantity * price) / baseQuantity) === cents(line['cbc:LineExtensionAmount']),
    );
    rule(`BR-27 line ${index + 1}`, price >= 0);
  });
  return broken;
}
