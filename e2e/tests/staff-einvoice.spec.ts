/**
 * The staff order page of a company's paid order lists its e-invoice
 * (decision 0244): a link per document, readable at a phone's width and a
 * desktop's, and axe finds nothing.
 */
import type { HomeProducts } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import { expect, screenshot } from '../fixtures.ts';
import { accessibleAtBothWidths, withStaffShop } from '../staff-fixtures.ts';

const DESK = {
  email: 'einvoice-desk@demo-museum.example',
  password: 'invoice-them-all-2026',
  name: 'Ivo Invoice',
};

const test = withStaffShop([{ ...DESK, role: 'box-office' }]);

test('the staff order page of a company’s order links its e-invoice', async ({
  page,
  request,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const email = `einvoice-staff-${Date.now()}@example.test`;
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const flex = home.products.find((product) => product.slug === 'flex-ticket')!;
  const org = (await (await request.get('/api/organisation')).json()) as Organisation;
  const confirm = Object.entries(org.fields).find(([, field]) => field.type === 'EMAIL_CONFIRM')?.[0];
  const placed = await request.post('/api/orders', {
    data: {
      action: 'pay',
      customer: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        company: 'Analytical Engines BV',
        vat_id: 'NL987654321B01',
        fields: confirm ? { [confirm]: email } : {},
      },
      orders: [{ product: { id: flex.id, quantity: 1 } }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const [answer] = (await placed.json()).response.orders;
  await request.post(`/pay/test/${answer.payment.hash}`, { form: { action: 'pay' }, maxRedirects: 0 });

  const login = await request.post('/api/staff/login', {
    data: { email: DESK.email, password: DESK.password },
  });
  const token = ((await login.json()) as { token: string }).token;
  const found = await request.get(`/api/staff/orders?q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const reference = ((await found.json()) as { orders: { reference: string }[] }).orders[0]!.reference;

  await page.goto(`/staff/orders/${reference}`);
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.getByLabel('E-mail').fill(DESK.email);
  await page.getByLabel('Password').fill(DESK.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  const link = page.getByRole('link', { name: /^E-invoice \d{4}-\d{5} \(XML\)$/ });
  await expect(link).toHaveAttribute('href', `/api/orders/${answer.order.hash}/invoice.xml`);
  await accessibleAtBothWidths(page, expectAccessible);
  await screenshot(page, 'staff-order-einvoice');
});
