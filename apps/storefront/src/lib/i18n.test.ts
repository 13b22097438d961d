import { beforeAll, describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';
import { errorKey } from './error-message';
import { changeLanguage, initI18n } from './i18n';
import { defaultPhoneCountry } from './phone-country';
import { leaves, placeholders } from './translation-parity';

describe('translations', () => {
  const english = leaves(en);

  it.each([
    ['nl', nl],
    ['es', es],
    ['de', de],
    ['fr', fr],
  ])('%s has exactly the keys and placeholders of en', (_language, resources) => {
    const other = leaves(resources);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(other.get(key)?.trim(), key).toBeTruthy();
      expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('translates, rather than copies, the sentences', () => {
    for (const resources of [nl, es, de, fr]) {
      expect(resources.not_found.title).not.toBe(en.not_found.title);
      expect(resources.errors.unexpected).not.toBe(en.errors.unexpected);
    }
  });

  it('loads another language on demand and switches to it', async () => {
    const i18n = await initI18n('en');
    expect(i18n.t('read_more.more')).toBe('Read more');
    await changeLanguage('nl');
    expect(i18n.t('read_more.more')).toBe('Lees meer');
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem('kassa.language')).toBe('nl');
  });
});

describe('error messages', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('looks server codes up as errors.{code lowercased}', () => {
    expect(errorKey('VOUCHER_NOT_FOUND')).toBe('errors.voucher_not_found');
    expect(en.errors.voucher_not_found).toBe('Voucher not found');
  });

  it('falls back to Unexpected error, or to a given key, for unknown codes', () => {
    expect(errorKey('SOMETHING_NEW')).toBe('errors.unexpected');
    expect(errorKey(undefined, 'error_unknown')).toBe('errors.error_unknown');
    expect(errorKey('app.language')).toBe('errors.unexpected');
    expect(en.errors.unexpected).toBe('Unexpected error');
  });
});

describe('phone country', () => {
  it('follows the language', () => {
    expect(['en', 'nl', 'es', 'de', 'fr'].map((l) => defaultPhoneCountry(l as 'en'))).toEqual([
      'GB',
      'NL',
      'ES',
      'DE',
      'FR',
    ]);
  });
});
