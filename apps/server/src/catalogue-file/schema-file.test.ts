import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueJsonSchemaText } from '@kassa/domain/contract/catalogue-file-json-schema';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serverRoot } from '../paths.ts';
import { demoCatalogueFile } from '../seed/import-demo-catalogue.ts';
import { catalogueSchemaFile } from './schema-file.ts';

const TOUR = path.join(serverRoot, '..', '..', 'examples', 'tour-operator', 'catalogue.yaml');

describe('catalogue.schema.json', () => {
  it('is the JSON Schema generated from the zod contract (npm run catalogue:schema)', () => {
    expect(readFileSync(catalogueSchemaFile, 'utf8')).toBe(catalogueJsonSchemaText());
  });

  // What an editor's YAML language server does with it: the examples pass, a typo is marked.
  it('accepts both example files and marks an unknown key', () => {
    const validate = new Ajv({ strict: false }).compile(
      JSON.parse(readFileSync(catalogueSchemaFile, 'utf8')),
    );
    for (const file of [demoCatalogueFile, TOUR])
      expect(validate(parse(readFileSync(file, 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
    const typo = parse(readFileSync(TOUR, 'utf8'));
    typo.products[0].dayz = true;
    expect(validate(typo)).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      instancePath: '/products/0',
      keyword: 'additionalProperties',
    });
  });
});
