import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { Document, isPair, isScalar, visit } from 'yaml';
import type { Db } from '../db/client.ts';
import { mapFile } from './map-file.ts';
import { readCatalogue } from './read-catalogue.ts';

/** Leaves out empty lists and objects: every one of them is the file's default. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, compact(v)] as const)
      .filter(
        ([, v]) =>
          !(Array.isArray(v) && v.length === 0) &&
          !(v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
      );
    return Object.fromEntries(entries);
  }
  return value;
}

/** The file as YAML, with the editor's schema line first. */
export function catalogueYaml(file: CatalogueFile, schemaRef: string): string {
  const document = new Document(compact(file));
  // Lists of plain values (days, slugs, languages) read best on one line.
  visit(document, {
    Seq(_key, node) {
      if (node.items.length > 0 && node.items.every(isScalar)) node.flow = true;
    },
    // Small maps of plain values too: a slot, a price, a setting pair.
    Map(_key, node) {
      const small =
        node.items.length <= 3 && node.items.every((pair) => isPair(pair) && isScalar(pair.value));
      if (small && node.toString().length < 60) node.flow = true;
    },
    // A time like 10:00 is a sexagesimal number to YAML 1.1 readers: quoted, it is a time everywhere.
    Scalar(_key, node) {
      if (typeof node.value === 'string' && /^\d{1,2}:\d{2}$/.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  const body = document.toString({ lineWidth: 100 });
  return `# yaml-language-server: $schema=${schemaRef}\n# Kassa catalogue file (docs/catalogue-file.md)\n${body}`;
}

/**
 * `shop export`: the shop's catalogue in the import format. Its images are
 * copied from the media folders into `images/` beside the file and named
 * relative to it, so the folder imports anywhere as it is.
 */
export async function exportCatalogue(
  db: Db,
  organisationId: number,
  options: { outFile: string; mediaFolders: readonly string[]; schemaRef: string },
): Promise<{ yaml: string; images: number; missing: string[] }> {
  const file = await readCatalogue(db, organisationId);
  const outDir = path.dirname(path.resolve(options.outFile));
  const copied = new Set<string>();
  const missing: string[] = [];
  const withImages = mapFile(file, {
    text: (value) => value,
    image: (value) => {
      if (value === undefined || !value.startsWith('/media/')) return value;
      const name = value.slice('/media/'.length);
      const source = options.mediaFolders.map((folder) => path.join(folder, name)).find((f) => existsSync(f));
      if (!source) {
        missing.push(value);
        return value;
      }
      if (!copied.has(name)) {
        mkdirSync(path.join(outDir, 'images'), { recursive: true });
        copyFileSync(source, path.join(outDir, 'images', name));
        copied.add(name);
      }
      return `images/${name}`;
    },
  });
  return { yaml: catalogueYaml(withImages, options.schemaRef), images: copied.size, missing };
}
