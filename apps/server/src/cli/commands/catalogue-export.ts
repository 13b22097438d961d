import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportCatalogue } from '../../catalogue-file/export-catalogue.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { catalogueSchemaFile } from '../../catalogue-file/schema-file.ts';
import { catalogueMediaFolder, seedAssetsFolder } from '../../paths.ts';
import type { CliCommand } from '../cli-context.ts';

const USAGE = `shop export [file.yaml]

Writes the shop's catalogue in the catalogue-file format (to standard output
when no file is given). With a file, its images are copied into images/
beside it, so the folder can be imported elsewhere as it is.`;

export const catalogueExportCommand: CliCommand = {
  name: 'export',
  summary: "write the shop's catalogue as a catalogue file",
  usage: USAGE,
  async run(context) {
    if (context.args.length > 1) {
      context.err(USAGE);
      return 2;
    }
    const [file] = context.args;
    const organisation = await loadOrganisation(context.db, context.organisationSlug);
    const outFile = path.resolve(context.cwd ?? '', file ?? 'catalogue.yaml');

    const result = await exportCatalogue(context.db, organisation.id, {
      outFile,
      mediaFolders: file
        ? [catalogueMediaFolder(context.dataDir ?? path.resolve('data')), seedAssetsFolder]
        : [],
      schemaRef: path.relative(path.dirname(outFile), catalogueSchemaFile),
    });
    if (!file) {
      context.out(result.yaml.trimEnd());
      return 0;
    }
    writeFileSync(outFile, result.yaml);
    context.out(`Wrote ${file} (${result.images} images in ${path.join(path.dirname(file), 'images')}).`);
    for (const missing of result.missing) context.err(`No file for ${missing}: left as it is.`);
    return 0;
  },
};
