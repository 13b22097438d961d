/** `npm run catalogue:schema`: regenerates catalogue.schema.json from the zod contract. */
import { writeFileSync } from 'node:fs';
import { catalogueJsonSchemaText } from '@kassa/domain/contract/catalogue-file-json-schema';
import { catalogueSchemaFile } from './schema-file.ts';

writeFileSync(catalogueSchemaFile, catalogueJsonSchemaText());
console.log(`Wrote ${catalogueSchemaFile}`);
