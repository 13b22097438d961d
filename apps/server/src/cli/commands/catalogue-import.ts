import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeChanges, hasChanges } from '../../catalogue-file/diff-catalogue.ts';
import { applyImport, planImport, previewImport } from '../../catalogue-file/import-catalogue.ts';
import { describePlotChanges } from '../../catalogue-file/plot-changes-text.ts';
import { CatalogueRefused, type WriteResult } from '../../catalogue-file/write-catalogue.ts';
import { MAX_FILE_CHARS } from '../../catalogue-file/yaml-limits.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { catalogueMediaFolder, seedAssetsFolder } from '../../paths.ts';
import { parseFlags, type CliCommand } from '../cli-context.ts';

const USAGE = `shop import <file.yaml> [--apply]

Checks a catalogue file (docs/catalogue-file.md) and shows what it would
change in the shop named by its organisation slug: added, changed and
removed items by slug, and the plots each product's schedule adds, updates
or removes. Nothing is written unless --apply is given; then
everything is written in one transaction, or nothing when a change would
break what is sold (the orders concerned are named).`;

export const catalogueImportCommand: CliCommand = {
  name: 'import',
  summary: 'check a catalogue file and show its changes; --apply writes them',
  usage: USAGE,
  async run(context) {
    const { flags, positional } = parseFlags(context.args, []);
    const [name] = positional;
    if (!name || positional.length > 1) {
      context.err(USAGE);
      return 2;
    }
    const file = path.resolve(context.cwd ?? '', name);
    let source: string;
    try {
      // Measured before it is read: a huge file is refused without filling the memory.
      const { size } = statSync(file);
      if (size > MAX_FILE_CHARS) {
        context.err(
          `${name} is ${(Math.ceil((size / 1024 / 1024) * 10) / 10).toFixed(1)} MB; a catalogue file is at most ${MAX_FILE_CHARS / 1024 / 1024} MB.`,
        );
        return 1;
      }
      source = readFileSync(file, 'utf8');
    } catch {
      context.err(`Cannot read ${name}.`);
      return 1;
    }
    const writable = catalogueMediaFolder(context.dataDir ?? path.resolve('data'));
    const plan = await planImport(context.db, source, path.dirname(file), {
      writable,
      served: [writable, seedAssetsFolder],
    });
    if (!plan.ok) {
      context.err(`${name} is not a valid catalogue file:`);
      for (const error of plan.errors) context.err(`  ${error}`);
      return 1;
    }
    for (const line of describeChanges(plan.changes)) context.out(line);
    if (!flags.has('apply')) {
      const preview = await previewImport(context.db, plan, context.now());
      if (!preview.ok) {
        context.err(preview.refused.message.replace('was refused', 'would be refused'));
        return 1;
      }
      const plotLines = describePlotChanges(preview.plots);
      for (const line of plotLines) context.out(line);
      if (hasChanges(plan.changes) || plotLines.length)
        context.out('Dry run: nothing was written. Run again with --apply to write these changes.');
      return 0;
    }
    let written: WriteResult;
    try {
      written = await applyImport(context.db, plan, context.now());
    } catch (error) {
      if (!(error instanceof CatalogueRefused)) throw error;
      context.err(error.message);
      return 1;
    }
    for (const line of describePlotChanges(written.plots)) context.out(line);
    const slug = plan.file.organisation.slug;
    context.out(`Imported ${name} into shop "${slug}".`);
    // A server serves one shop (decision 0004): ORGANISATION, else the first one made.
    const served = await loadOrganisation(context.db, context.organisationSlug).catch(() => undefined);
    if (served && served.slug !== slug)
      context.out(
        `Note: this database also holds the shop "${served.slug}", which the server serves now; set ORGANISATION=${slug} to serve "${slug}".`,
      );
    return 0;
  },
};
