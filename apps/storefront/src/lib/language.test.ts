import { describe, expect, it } from 'vitest';
import { initialLanguage, offeredLanguages, serverLanguage, storeLanguage, toLanguage } from './language';

describe('language', () => {
  it('sends ksh to the server as de and regional codes as their base language', () => {
    expect(serverLanguage('ksh')).toBe('de');
    expect(serverLanguage('nl-BE')).toBe('nl');
    expect(toLanguage('pt')).toBeUndefined();
  });

  it('prefers the stored choice over the shop default when the shop offers it', () => {
    expect(initialLanguage('nl', ['en', 'nl', 'fr'], '', [])).toBe('nl');
    storeLanguage('fr');
    expect(initialLanguage('nl', ['en', 'nl', 'fr'], '', [])).toBe('fr');
    expect(initialLanguage('nl', ['en', 'nl'], '', [])).toBe('nl');
  });

  it('takes ?lang= of the address over the stored choice when the shop offers it', () => {
    storeLanguage('fr');
    expect(initialLanguage('en', ['en', 'nl', 'fr'], '?lang=nl')).toBe('nl');
    expect(initialLanguage('en', ['en', 'nl', 'fr'], '?x=1&lang=NL-be')).toBe('nl');
    expect(initialLanguage('en', ['en', 'nl', 'fr'], '?lang=de')).toBe('fr');
    expect(initialLanguage('en', ['en', 'nl', 'fr'], '?lang=xx')).toBe('fr');
  });

  it('follows the browser languages on a first visit when the shop offers one of them', () => {
    localStorage.clear();
    expect(initialLanguage('en', ['en', 'nl', 'de'], '', ['nl-NL', 'nl', 'en-US'])).toBe('nl');
    expect(initialLanguage('en', ['en', 'nl', 'de'], '', ['pt-BR', 'de-AT'])).toBe('de');
    expect(initialLanguage('nl', ['en', 'nl', 'de'], '', ['fr-FR', 'pt'])).toBe('nl');
    expect(initialLanguage('en', ['en', 'nl', 'de'], '', [])).toBe('en');
  });

  it("lets the visitor's own choice and ?lang= win over the browser languages", () => {
    localStorage.clear();
    storeLanguage('de');
    expect(initialLanguage('en', ['en', 'nl', 'de'], '', ['nl-NL'])).toBe('de');
    expect(initialLanguage('en', ['en', 'nl', 'de'], '?lang=en', ['nl-NL'])).toBe('en');
  });

  it('offers the shop languages in a fixed order and all five when none is valid', () => {
    expect(offeredLanguages(['fr', 'en'])).toEqual(['en', 'fr']);
    expect(offeredLanguages(['xx'])).toEqual(['en', 'nl', 'es', 'de', 'fr']);
  });
});
