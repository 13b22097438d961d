import { centsToAmount } from '@kassa/domain/rules/money';
import { escapeHtml } from '../../payments/html.ts';
import { testPageTexts } from './test-page-texts.ts';

export interface TestPageInput {
  /** Where the buttons post: the test page itself, or the form gateway's endpoint. */
  action: string;
  /** Hidden fields each button posts with its choice (the form gateway's signed fields). */
  fields?: Readonly<Record<string, string>>;
  open: boolean;
  shop: string;
  /** The public order reference, grouped. */
  orderNumber: string;
  amountCents: number;
  currency: string;
  language: string;
  /** Where "back to the shop" leads once the payment is settled. */
  returnPath: string;
}

/**
 * The test gateway's hosted page: plain HTML, three real POST forms, no
 * script. The payment's unguessable hash in the form's URL is what makes a
 * forged cross-site POST useless (nobody else knows it), so no extra token.
 */
export function testPageHtml(input: TestPageInput): string {
  const t = testPageTexts(input.language);
  const amount = new Intl.NumberFormat(input.language, {
    style: 'currency',
    currency: input.currency,
  }).format(centsToAmount(input.amountCents));
  const action = escapeHtml(input.action);
  const hidden = Object.entries(input.fields ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const button = (value: string, label: string, style: string) =>
    `<form method="post" action="${action}">${hidden}<input type="hidden" name="action" value="${value}"><button type="submit" class="${style}">${escapeHtml(label)}</button></form>`;
  const choices = input.open
    ? `<div class="actions">${button('pay', t.pay, 'pay')}${button('fail', t.fail, 'other')}${button('cancel', t.cancel, 'other')}</div>`
    : `<p role="status">${escapeHtml(t.settled)}</p><p><a href="${escapeHtml(input.returnPath)}">${escapeHtml(t.back)}</a></p>`;
  const body = `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.explanation)}</p>
<p>${escapeHtml(input.shop)}</p>
<dl><dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(input.orderNumber)}</dd><dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(amount)}</dd></dl>
${choices}`;
  return pageShell(input.language, `${t.title} – ${input.shop}`, body);
}

/** For a link to a payment that does not exist (mistyped, or from another shop). */
export function unknownPaymentHtml(language: string): string {
  const t = testPageTexts(language);
  const body = `<h1>${escapeHtml(t.unknown)}</h1>
<p><a href="/">${escapeHtml(t.back)}</a></p>`;
  return pageShell(language, t.unknown, body);
}

function pageShell(language: string, title: string, body: string): string {
  const t = testPageTexts(language);
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002}
.banner{background:#b45309;color:#fff;font-weight:700;padding:.75rem 1rem;text-align:center;margin:0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{font-weight:600}dd{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}.actions form{margin:0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:2px solid #18181b;cursor:pointer}
button.pay{background:#166534;border-color:#166534;color:#fff}button.other{background:#fff;color:#18181b}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
</style>
</head>
<body>
<header><p class="banner" role="note">${escapeHtml(t.banner)}</p></header>
<main>
${body}
</main>
</body>
</html>`;
}
