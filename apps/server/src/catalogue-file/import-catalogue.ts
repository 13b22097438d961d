import type { CatalogueFile } from '@kassa/domain/contract/catalogue-file';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { organisations } from '../db/schema.ts';
import { zonedNow } from '../modules/availability/zoned-clock.ts';
import { canonicalFile } from './canonical-file.ts';
import { diffCatalogue, type EntityChanges } from './diff-catalogue.ts';
import { imagePlaces } from './image-places.ts';
import { copyImages, resolveImages, type MediaFolders, type ResolvedImages } from './media-files.ts';
import { parseCatalogueFile } from './parse-catalogue-file.ts';
import { readCatalogue } from './read-catalogue.ts';
import {
  CatalogueRefused,
  writeCatalogue,
  type ProductPlotChanges,
  type WriteOptions,
  type WriteResult,
} from './write-catalogue.ts';

export type ImportPlan =
  | { ok: true; file: CatalogueFile; images: ResolvedImages; changes: EntityChanges[] }
  | { ok: false; errors: string[] };

// One import at a time per database, like the seed (distinct fixed number).
const IMPORT_LOCK = 7_411_002_235;

/**
 * Reads and checks a catalogue file and works out what it would change in
 * the shop of its organisation slug (everything is "added" for a new shop).
 * Writes nothing: this is the dry run.
 */
export async function planImport(
  db: Db | Tx,
  source: string,
  baseDir: string,
  media: MediaFolders,
): Promise<ImportPlan> {
  const parsed = parseCatalogueFile(source);
  if (!parsed.ok) return parsed;
  const images = resolveImages(imagePlaces(parsed.file), baseDir, media);
  if (images.errors.length) return { ok: false, errors: images.errors };
  const after = canonicalFile(parsed.file, images.stored);
  const [existing] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, parsed.file.organisation.slug));
  const before: CatalogueFile = existing ? await readCatalogue(db, existing.id) : { ...emptyLike(after) };
  const changes = diffCatalogue(before, after);
  // A new shop: its organisation is added, not changed.
  if (!existing) changes[0] = { ...changes[0]!, added: [parsed.file.organisation.slug], changed: [] };
  return { ok: true, file: parsed.file, images, changes };
}

/** Nothing yet: every item of `after` shows as added, the organisation as changed. */
function emptyLike(after: CatalogueFile): CatalogueFile {
  return {
    ...after,
    organisation: { ...after.organisation, name: '' },
    client_groups: [],
    categories: [],
    upsells: [],
    products: [],
    subscriptions: [],
    vouchers: [],
    coupons: [],
    fields: [],
    faq: [],
  };
}

/** What an import would do to the plots of each scheduled product, or why it would be refused. */
export type ImportPreview =
  { ok: true; plots: ProductPlotChanges[] } | { ok: false; refused: CatalogueRefused };

class RollBack extends Error {}

/**
 * The dry run's second half: writes the planned import in a transaction
 * that is always rolled back, planning (not writing) each schedule's plots
 * against the rows the import would leave, so new products and audiences
 * plan as they will. Answers the plot changes per product, or the refusal
 * `--apply` would meet. Leaves the database as it was.
 */
export async function previewImport(
  db: Db | Tx,
  plan: Extract<ImportPlan, { ok: true }>,
  now: Date,
): Promise<ImportPreview> {
  let preview: ImportPreview | undefined;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
      try {
        const written = await writeCatalogue(tx, plan.file, {
          now,
          today: zonedNow(now, plan.file.organisation.time_zone).date,
          images: plan.images.stored,
          dryRun: true,
        });
        preview = { ok: true, plots: written.plots };
      } catch (error) {
        if (!(error instanceof CatalogueRefused)) throw error;
        preview = { ok: false, refused: error };
      }
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return preview!;
}

/**
 * Writes a planned import in one transaction (CatalogueRefused when it would
 * break what is sold: then nothing is written), then copies its new images.
 * Images are copied last so a refused import leaves no file behind; a copy
 * that fails after the commit is repaired by importing again.
 */
export async function applyImport(
  db: Db | Tx,
  plan: Extract<ImportPlan, { ok: true }>,
  now: Date,
  checks?: WriteOptions['checks'],
): Promise<WriteResult> {
  const written = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    return writeCatalogue(tx, plan.file, {
      now,
      today: zonedNow(now, plan.file.organisation.time_zone).date,
      images: plan.images.stored,
      checks,
    });
  });
  copyImages(plan.images.copies);
  return written;
}
