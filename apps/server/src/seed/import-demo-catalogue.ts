import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { imagePlaces } from '../catalogue-file/image-places.ts';
import { resolveImages } from '../catalogue-file/media-files.ts';
import { parseCatalogueFile } from '../catalogue-file/parse-catalogue-file.ts';
import { writeCatalogue } from '../catalogue-file/write-catalogue.ts';
import type { Tx } from '../db/client.ts';
import { seedAssetsFolder } from '../paths.ts';
import { todayIn } from './dates.ts';
import { withTodaysDates } from './todays-dates.ts';

/** The demo shop's catalogue file; its images are the folder /media/ serves. */
export const demoCatalogueFile = path.join(seedAssetsFolder, '..', 'catalogue.yaml');

export function readDemoCatalogue(): CatalogueFile {
  const parsed = parseCatalogueFile(readFileSync(demoCatalogueFile, 'utf8'));
  if (!parsed.ok) throw new Error(`The demo catalogue is not valid:\n${parsed.errors.join('\n')}`);
  return parsed.file;
}

/**
 * Imports the demo catalogue into the seed's transaction, as `shop import
 * --apply` would, with the dates that count from today added
 * (withTodaysDates): the import generates the dated plots from the file's
 * schedules and stores them for the daily window extension. Its images already sit in the served folder, so nothing is
 * copied. Answers the organisation id.
 */
export async function importDemoCatalogue(tx: Tx, now: Date): Promise<number> {
  const read = readDemoCatalogue();
  const today = todayIn(read.organisation.time_zone, now);
  const file = withTodaysDates(read, today);
  const dir = path.dirname(demoCatalogueFile);
  const images = resolveImages(imagePlaces(file), dir, {
    writable: seedAssetsFolder,
    served: [seedAssetsFolder],
  });
  if (images.errors.length || images.copies.length)
    throw new Error(
      `The demo catalogue's images are not all in ${seedAssetsFolder}: ${images.errors.join('; ')}`,
    );
  const { organisationId } = await writeCatalogue(tx, file, {
    now,
    today,
    images: images.stored,
  });
  return organisationId;
}
