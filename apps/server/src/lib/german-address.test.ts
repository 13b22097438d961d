import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { giftCardTexts } from '../gift-cards/gift-card-texts.ts';
import { loginLinkMailKind } from '../modules/clients/login-link-mail.ts';
import { refundRequestCopyMailKind } from '../modules/faq/refund-request-copy-mail.ts';
import { testPageTexts } from '../modules/payments/test-page-texts.ts';
import { reservationMailTexts } from '../modules/reservations/reservation-mail-texts.ts';
import { PAGE_TEXTS } from '../modules/storefront/page-texts.ts';
import { passesTexts } from '../modules/subscriptions/passes-texts.ts';
import { serverRoot } from '../paths.ts';
import { demoCatalogueFile } from '../seed/import-demo-catalogue.ts';
import { ticketTexts } from '../tickets/ticket-texts.ts';

/**
 * Kassa speaks German with "Sie", as almost all of its German text always
 * did (decision 0198). These are the "du" and "ihr" forms a text slips into:
 * the pronouns, and the imperatives and verb forms the shop's texts would use.
 */
const INFORMAL = new RegExp(
  [
    String.raw`\b(?:du|dich|dir|dein\w*|euch|euer\w*|eure\w*)\b`,
    String.raw`\b(?:könnt|habt|seid|wollt|müsst|dürft|darfst|kannst|musst|willst|hast|bist)\b`,
    String.raw`\b(?:wähle|prüfe|bezahle|melde|versuche es|lade|kehre|kaufe|gib|schau|warte|klicke|tippe|nimm|sieh|füge|gehe|komm|lies|sende|schicke|zeige|nutze|beachte|bringe?|entdecke|verbringe|gleite|begleite|verschenke)\b`,
  ].join('|'),
  'iu',
);

/** Every string in a texts object; functions are called with placeholders. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return strings((value as (...args: string[]) => unknown)('X', 'X', 'X'));
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The German texts of the demo catalogue (every `de:` entry). */
function catalogueGerman(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(catalogueGerman);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'de' && typeof value === 'string' ? [value] : catalogueGerman(value),
  );
}

function informal(texts: string[]): string[] {
  return texts.filter((text) => INFORMAL.test(text));
}

const storefrontLocales = path.join(serverRoot, '../storefront/src');

describe('German text addresses the visitor with "Sie" everywhere (decision 0198)', () => {
  it('finds an informal form where there is one', () => {
    expect(
      informal([
        'Bitte melde dich an.',
        'Bitte melden Sie sich an.',
        'Zu viele Versuche.',
        'Nur Ihr könnt es lösen.',
      ]),
    ).toEqual(['Bitte melde dich an.', 'Nur Ihr könnt es lösen.']);
  });

  it('in the storefront and the door app', () => {
    for (const file of ['locales/de.json', 'features/staff/locales/de.json']) {
      const texts = strings(JSON.parse(readFileSync(path.join(storefrontLocales, file), 'utf8')));
      expect(informal(texts), file).toEqual([]);
    }
  });

  it('in mails, PDFs and the pages the server writes', async () => {
    const context = { db: undefined as unknown as Db, now: new Date() };
    const mails = [
      await loginLinkMailKind.render(context, {
        to: { name: 'X', address: 'x@example.com' },
        shop: 'X',
        url: 'X',
        minutes: 15,
        language: 'de',
      }),
      await refundRequestCopyMailKind.render(context, {
        to: 'x@example.com',
        shop: { name: 'X', email: 'shop@example.com' },
        orderNumber: '1234 5678 906',
        language: 'de',
      }),
    ];
    const texts = [
      ...strings(ticketTexts('de')),
      ...strings(giftCardTexts('de')),
      ...strings(passesTexts('de')),
      ...strings(testPageTexts('de')),
      ...strings(reservationMailTexts('de')),
      ...strings(PAGE_TEXTS.de),
      ...mails.flatMap((mail) => [mail?.subject ?? '', mail?.text ?? '']),
    ];
    expect(texts.length).toBeGreaterThan(50);
    expect(informal(texts)).toEqual([]);
  });

  it('in the demo catalogue', () => {
    const texts = catalogueGerman(parse(readFileSync(demoCatalogueFile, 'utf8')));
    expect(texts.length).toBeGreaterThan(50);
    expect(informal(texts)).toEqual([]);
  });
});
