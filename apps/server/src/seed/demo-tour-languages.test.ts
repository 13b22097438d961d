import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { demoCatalogueFile } from './import-demo-catalogue.ts';

type Texts = Record<string, string>;
interface Catalogue {
  products: { slug: string; key_facts?: { kind: string; text: Texts }[] }[];
  fields: { type: string; key: string; products?: string[]; options?: { value: string; label: Texts }[] }[];
}

const LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;

/** The codes of the shop's languages whose name (in `language`) the text mentions. */
function named(text: string, language: string): string[] {
  const names = new Intl.DisplayNames([language], { type: 'language' });
  return LANGUAGES.filter((code) => text.toLowerCase().includes(names.of(code)!.toLowerCase()));
}

describe('the demo catalogue offers the tour languages it promises', () => {
  const catalogue = parse(readFileSync(demoCatalogueFile, 'utf8')) as Catalogue;
  const languageFields = catalogue.fields.filter(
    (field) =>
      field.type === 'DROPDOWN' &&
      (field.options ?? []).every((option) => (LANGUAGES as readonly string[]).includes(option.value)),
  );

  it('has a product whose language key fact comes with a language dropdown', () => {
    expect(languageFields.map((field) => field.key)).toContain('tourLanguage');
  });

  for (const field of languageFields) {
    for (const productKey of field.products ?? []) {
      it(`${productKey}: the ${field.key} dropdown offers exactly the languages its key fact names, in every language`, () => {
        const product = catalogue.products.find((candidate) => candidate.slug === productKey);
        const fact = product?.key_facts?.find((candidate) => candidate.kind === 'LANGUAGE');
        expect(fact, `${productKey} says which languages it is in`).toBeDefined();
        const offered = (field.options ?? []).map((option) => option.value).sort();
        for (const language of LANGUAGES) {
          expect(named(fact!.text[language] ?? '', language).sort(), `key fact (${language})`).toEqual(
            offered,
          );
          for (const option of field.options ?? []) {
            expect(
              named(option.label[language] ?? '', language),
              `${option.value} label (${language})`,
            ).toContain(option.value);
          }
        }
      });
    }
  }
});
