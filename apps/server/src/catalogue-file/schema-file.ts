import path from 'node:path';
import { serverRoot } from '../paths.ts';

/** catalogue.schema.json at the repository root: what `# yaml-language-server: $schema=` lines name. */
export const catalogueSchemaFile = path.join(serverRoot, '..', '..', 'catalogue.schema.json');
