/**
 * A visitor cancels one of their two tickets themselves (decision 0259):
 * bought through the API for a product with the demo's 48-hour policy on a
 * day far enough ahead, the "Cancel tickets" link of the tickets mail opens
 * the order page with its cancel panel; they keep one ticket, see what
 * comes back, confirm, see the refund; the confirmation mail with the
 * credit note arrives and the other ticket is still valid. English and Dutch.
 */
import type { APIRequestContext } from '@playwright/test';
import type { HomeProducts, ProductDetail } from '@kassa/domain/contract/catalog';
import type { Organisation } from '@kassa/domain/contract/organisation';
import type { Plot } from '@kassa/domain/contract/plots';
import type { SelfCancellation } from '@kassa/domain/contract/self-cancel';
import { expect, screenshot, test } from '../fixtures.ts';
import { mailTo, plainText } from '../outbox.ts';
import { text } from '../storefront-texts.ts';
import { dutch } from './storefront-page.ts';

const DAY_MS = 86_400_000;

/** Two paid tickets of a product with a cancellation policy, on a day at least three days ahead. */
async function twoPaidTickets(request: APIRequestContext, email: string, language: string) {
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const org = (await (await request.get('/api/organisation')).json()) as Organisation;
  const earliest = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
  for (const summary of home.products.filter((item) => item.options.days)) {
    const product = (await (await request.get(`/api/products/${summary.id}`)).json()) as ProductDetail;
    if (!product.key_facts.some((fact) => fact.kind === 'CANCELLATION')) continue;
    const plots = (await (await request.get(`/api/products/${summary.id}/plots`)).json()) as Plot[];
    const plot = plots.find(
      (candidate) =>
        candidate.date &&
        candidate.date >= earliest &&
        candidate.selectable &&
        (candidate.availability.amount ?? 99) > 2,
    );
    if (!plot) continue;
    const confirm = Object.entries(org.fields).find(([, field]) => field.type === 'EMAIL_CONFIRM')?.[0];
    const audience = product.audiences[0];
    const item = audience
      ? {
          product: { id: product.id, plot: plot.id },
          audiences: { [audience.id]: { id: audience.id, quantity: 2 } },
        }
      : { product: { id: product.id, plot: plot.id, quantity: 2 } };
    const response = await request.post('/api/orders', {
      data: {
        action: 'pay',
        language,
        customer: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email,
          fields: confirm ? { [confirm]: email } : {},
        },
        orders: [item],
      },
    });
    if (response.status() !== 200) continue;
    const [answer] = (await response.json()).response.orders;
    const paid = await request.post(`/pay/test/${answer.payment.hash}`, {
      form: { action: 'pay' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    return { hash: answer.order.hash as string };
  }
  throw new Error('The demo shop has no product with a cancellation policy on a day far enough ahead');
}

for (const language of ['en', 'nl'] as const) {
  const say = language === 'nl' ? dutch : text;

  test(`a visitor cancels 1 of 2 tickets from the tickets mail (${language})`, async ({
    page,
    expectAccessible,
  }) => {
    test.setTimeout(180_000);
    const email = `self-cancel-${language}-${Date.now()}@example.org`;
    const { hash } = await twoPaidTickets(page.request, email, language);

    // The tickets mail's "Cancel tickets" link: the order page with the panel open.
    const ticketsMail = plainText(await mailTo(email, 'tickets-'));
    const link = new RegExp(`https?://[^\\s]*(/checkout/return/${hash}\\?cancel=1&lang=${language})`).exec(
      ticketsMail,
    );
    expect(link, ticketsMail).not.toBeNull();
    await page.goto(link![1]!);

    const panel = page.getByRole('region', { name: say('selfCancel.title') });
    await expect(panel).toBeVisible();
    const [first, second] = [
      panel.getByRole('checkbox', { name: new RegExp(`^${say('selfCancel.ticket_label').split(' ')[0]} 1`) }),
      panel.getByRole('checkbox', { name: new RegExp(`^${say('selfCancel.ticket_label').split(' ')[0]} 2`) }),
    ];
    await expect(first).toBeChecked();
    await expect(second).toBeChecked();
    // Keep the second ticket: cancel only the first.
    await second.uncheck();
    await expect(panel.getByRole('checkbox', { name: say('selfCancel.whole_order') })).not.toBeChecked();

    // What comes back, as the server quotes it for one ticket.
    const quoted = (await (
      await page.request.get(
        `/api/orders/${hash}/cancellation?tickets=${await ticketId(page.request, hash, 0)}`,
      )
    ).json()) as { response: SelfCancellation };
    const quote = quoted.response.quote!;
    expect(quote.fee).toBe(0);
    const amount = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: quoted.response.currency,
    }).format(quote.refund);
    await expect(
      panel.getByText(say('selfCancel.method_original').replace('{{amount}}', amount)),
    ).toBeVisible();
    await expectAccessible();
    await screenshot(page, `self-cancel-quote-${language}`);

    await panel.getByRole('button', { name: say('selfCancel.confirm') }).click();
    await expect(
      panel.getByText(say('selfCancel.done_original').replace('{{amount}}', amount)),
    ).toBeVisible();
    await expectAccessible();
    await screenshot(page, `self-cancel-done-${language}`);

    // The confirmation mail arrives with the credit note.
    const confirmation = await mailTo(email, 'CN-20');
    expect(plainText(confirmation)).toContain(amount);

    // The other ticket is still valid; the first is cancelled.
    const after = (await (await page.request.get(`/api/orders/${hash}/cancellation`)).json()) as {
      response: SelfCancellation;
    };
    expect(after.response.tickets.map((ticket) => ticket.state)).toEqual(['CANCELLED', 'VALID']);
  });
}

test('without a policy for the visit the panel says why and sends the visitor to the request form, filled in', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const email = `self-cancel-none-${Date.now()}@example.org`;
  const { hash } = await flexTicket(page.request, email);
  const quote = (await (await page.request.get(`/api/orders/${hash}/cancellation`)).json()) as {
    response: SelfCancellation;
  };
  expect(quote.response.refusal?.code).toBe('SELF_CANCEL_NO_POLICY');
  await page.goto(`/checkout/return/${hash}?cancel=1`);
  const panel = page.getByRole('region', { name: text('selfCancel.title') });
  await expect(panel.getByText(text('selfCancel.errors.self_cancel_no_policy'))).toBeVisible();
  await expect(panel.getByRole('button', { name: text('selfCancel.confirm') })).toHaveCount(0);
  await expectAccessible();
  await screenshot(page, 'self-cancel-refused-en');

  await panel.getByRole('link', { name: text('selfCancel.request_link') }).click();
  const dialog = page.getByRole('dialog', { name: text('faq.refund.modal_title') });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('textbox', { name: new RegExp(`^${text('faq.refund.order_number')}`) }),
  ).not.toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: new RegExp(`^${text('faq.refund.email')}`) })).toHaveValue(
    email,
  );
  await expectAccessible();
  await screenshot(page, 'self-cancel-request-en');
});

/** One paid flex ticket: the demo's product without days, so without a visit a policy could count from. */
async function flexTicket(request: APIRequestContext, email: string) {
  const home = (await (await request.get('/api/home/products')).json()) as HomeProducts;
  const flex = home.products.find((product) => product.slug === 'flex-ticket');
  if (!flex) throw new Error('The demo shop has no flex-ticket');
  const org = (await (await request.get('/api/organisation')).json()) as Organisation;
  const confirm = Object.entries(org.fields).find(([, field]) => field.type === 'EMAIL_CONFIRM')?.[0];
  const response = await request.post('/api/orders', {
    data: {
      action: 'pay',
      customer: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        fields: confirm ? { [confirm]: email } : {},
      },
      orders: [{ product: { id: flex.id, quantity: 1 } }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [answer] = (await response.json()).response.orders;
  const paid = await request.post(`/pay/test/${answer.payment.hash}`, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return { hash: answer.order.hash as string };
}

/** The id of the order's n-th ticket, as the cancel panel lists them. */
async function ticketId(request: APIRequestContext, hash: string, index: number): Promise<string> {
  const answer = (await (await request.get(`/api/orders/${hash}/cancellation`)).json()) as {
    response: SelfCancellation;
  };
  return answer.response.tickets[index]!.id;
}
