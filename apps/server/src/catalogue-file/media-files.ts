import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IMAGE_TYPES = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif']);

export interface MediaFolders {
  /** Where imported images are copied (DATA_DIR/media); served under /media/. */
  writable: string;
  /** Every folder /media/ serves, the writable one first. */
  served: readonly string[];
}

export interface ResolvedImages {
  /** The /media/ path (or URL) each image of the file is stored as. */
  stored: Map<string, string>;
  /** Files to copy into the writable folder when the import is applied. */
  copies: { from: string; to: string }[];
  errors: string[];
}

const isRemote = (value: string) => /^https:\/\//.test(value) || value.startsWith('/media/');

/**
 * Decides where each image of a catalogue file is served from, without
 * copying anything yet (a dry run copies nothing). A file keeps its name
 * under /media/ unless another file of that name is already served, then it
 * gets the first 8 hex digits of its SHA-256 in its name; an identical file
 * already served is reused, so importing the same catalogue twice changes nothing.
 */
export function resolveImages(
  images: readonly string[],
  baseDir: string,
  folders: MediaFolders,
): ResolvedImages {
  const stored = new Map<string, string>();
  const copies: ResolvedImages['copies'] = [];
  const errors: string[] = [];
  for (const image of new Set(images)) {
    if (isRemote(image)) {
      stored.set(image, image);
      continue;
    }
    const source = path.resolve(baseDir, image);
    const extension = path.extname(source).toLowerCase();
    if (!IMAGE_TYPES.has(extension)) {
      errors.push(`image "${image}": not an image file (${[...IMAGE_TYPES].join(', ')})`);
      continue;
    }
    if (!existsSync(source)) {
      errors.push(`image "${image}": no such file beside the catalogue (${source})`);
      continue;
    }
    const content = readFileSync(source);
    const name = path.basename(source);
    const hashed = `${path.basename(name, extension)}-${createHash('sha256').update(content).digest('hex').slice(0, 8)}${extension}`;
    const sameAs = (candidate: string) =>
      folders.served.some((folder) => {
        const file = path.join(folder, candidate);
        return existsSync(file) && readFileSync(file).equals(content);
      });
    const taken = (candidate: string) =>
      folders.served.some((folder) => existsSync(path.join(folder, candidate)));
    const chosen = sameAs(name) || !taken(name) ? name : hashed;
    stored.set(image, `/media/${chosen}`);
    if (!sameAs(chosen)) copies.push({ from: source, to: path.join(folders.writable, chosen) });
  }
  return { stored, copies, errors };
}

export function copyImages(copies: ResolvedImages['copies']): void {
  for (const { from, to } of copies) {
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
}
