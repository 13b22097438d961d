import { readFileSync } from 'node:fs';
import { catalogueJsonSchemaText } from '@kassa/domain/contract/catalogue-file-json-schema';
import { describe, expect, it } from 'vitest';
import { catalogueSchemaFile } from './schema-file.ts';

describe('catalogue.schema.json', () => {
  it('is the JSON Schema generated from the zod contract (npm run catalogue:schema)', () => {
    expect(readFileSync(catalogueSchemaFile, 'utf8')).toBe(catalogueJsonSchemaText());
  });
});
