/**
 * The HTML part of every mail (decision 0251): the text part, as the kind
 * wrote it, set in the shop's colour under its logo. Built from the text so
 * both parts always say the same; every value is escaped here, once.
 *
 * Mail clients dictate the form: inline styles only (many drop <style>),
 * one presentation table to centre a column at most 600 px wide (Outlook
 * knows no max-width on a div), everything else semantic — a heading,
 * paragraphs, lists, links — under the mail's language.
 */

export interface MailShop {
  name: string;
  /** The theme colour as stored (`1abc9c` or `#1abc9c`); null: Kassa's default. */
  colour: string | null;
  /** An absolute URL of the logo, or null: the shop's name is shown instead. */
  logoUrl: string | null;
  /** The shop's address, one line each, for the footer. */
  address: string | null;
  /** The shop's contact address, for the footer. */
  email: string | null;
}

export interface HtmlMailInput {
  subject: string;
  text: string;
  /** The mail's language (BCP 47), for `<html lang>`. */
  language: string;
  shop: MailShop;
}

const DEFAULT_COLOUR = '1abc9c';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#1f2933';
const MUTED = '#52606d';

/** Text made safe for HTML, in content and in attribute values alike. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function hexColour(stored: string | null): string {
  const hex = stored?.trim().replace(/^#/, '') ?? '';
  if (/^[0-9a-f]{6}$/i.test(hex)) return hex.toLowerCase();
  if (/^[0-9a-f]{3}$/i.test(hex)) return [...hex.toLowerCase()].map((digit) => digit + digit).join('');
  return DEFAULT_COLOUR;
}

function luminance(hex: string): number {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** Black or white, whichever reads better on `hex` (WCAG contrast ratio). */
export function inkOn(hex: string): string {
  const background = luminance(hex);
  const onWhite = 1.05 / (background + 0.05);
  const onBlack = (background + 0.05) / 0.05;
  return onWhite >= onBlack ? '#ffffff' : '#111111';
}

/** A URL in the text, up to white space; trailing punctuation of the sentence stays outside. */
const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** One line of text as HTML: escaped, its links clickable, its indent kept. */
function lineHtml(line: string): string {
  const indent = /^ */.exec(line)![0].length;
  let html = '';
  let last = 0;
  const rest = line.slice(indent);
  for (const match of rest.matchAll(URL_PATTERN)) {
    html += escapeHtml(rest.slice(last, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}" style="color:inherit;text-decoration:underline;word-break:break-all;">${url}</a>`;
    last = match.index + match[0].length;
  }
  html += escapeHtml(rest.slice(last));
  return '&nbsp;'.repeat(indent) + html;
}

const BULLET = /^\s*[-•*]\s+/;

/** The text's paragraphs (blocks between blank lines) as HTML; a block of "- " lines becomes a list. */
export function textToHtml(text: string): string {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '');
  return blocks
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => BULLET.test(line))) {
        const items = lines.map(
          (line) => `<li style="margin:0 0 4px;">${lineHtml(line.replace(BULLET, ''))}</li>`,
        );
        return `<ul style="margin:0 0 16px;padding:0 0 0 20px;">${items.join('')}</ul>`;
      }
      return `<p style="margin:0 0 16px;">${lines.map(lineHtml).join('<br>')}</p>`;
    })
    .join('\n');
}

/** The whole HTML document of a mail. */
export function htmlMail({ subject, text, language, shop }: HtmlMailInput): string {
  const colour = hexColour(shop.colour);
  const ink = inkOn(colour);
  const name = escapeHtml(shop.name);
  const brand = shop.logoUrl
    ? `<img src="${escapeHtml(shop.logoUrl)}" alt="${name}" height="48" style="display:block;height:48px;width:auto;max-width:100%;border:0;">`
    : `<p style="margin:0;font-size:20px;font-weight:700;color:${ink};">${name}</p>`;
  const footer = [
    `<p style="margin:0 0 4px;font-weight:700;">${name}</p>`,
    shop.address
      ? `<address style="font-style:normal;margin:0 0 4px;">${shop.address
          .split('\n')
          .map((line) => escapeHtml(line.trim()))
          .filter(Boolean)
          .join('<br>')}</address>`
      : '',
    shop.email
      ? `<p style="margin:0;"><a href="mailto:${escapeHtml(shop.email)}" style="color:${MUTED};">${escapeHtml(shop.email)}</a></p>`
      : '',
  ].join('');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f2f4f7;color:${INK};font-family:${FONT};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f2f4f7;">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="padding:16px 24px;background-color:#${colour};border-radius:8px 8px 0 0;">${brand}</td></tr>
<tr><td style="padding:24px;font-family:${FONT};font-size:16px;line-height:1.5;color:${INK};">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:${INK};">${escapeHtml(subject)}</h1>
${textToHtml(text)}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e4e7eb;font-family:${FONT};font-size:14px;line-height:1.5;color:${MUTED};">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
