import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ImagePlace } from './image-places.ts';

const IMAGE_TYPES = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif']);
/** The largest image an import copies: a catalogue image, not an archive. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export interface MediaFolders {
  /** Where imported images are copied (DATA_DIR/media); served under /media/. */
  writable: string;
  /** Every folder /media/ serves, the writable one first. */
  served: readonly string[];
}

export interface ResolvedImages {
  /** The /media/ path (or URL) each image of the file is stored as. */
  stored: Map<string, string>;
  /** Files to write into the writable folder when the import is applied, with the bytes checked here. */
  copies: { to: string; content: Buffer }[];
  errors: string[];
}

const isRemote = (value: string) => /^https:\/\//.test(value) || value.startsWith('/media/');

/** A /media/ path that stays in the served folders: no `..`, no backslash. */
const leavesMedia = (value: string) =>
  value.startsWith('/media/') && (value.includes('\\') || value.split('/').some((part) => part === '..'));

/**
 * The image file `image` names beside the catalogue, or why it cannot be
 * imported. Only a regular file inside the catalogue's folder, reached
 * without a symbolic link, is read: a link could hand any file the importing
 * user can read (/etc/passwd as evil.svg) to every visitor of /media/
 * (decision 0200).
 */
function readImageFile(image: string, baseDir: string): { content: Buffer } | { error: string } {
  const folder = path.resolve(baseDir);
  const source = path.resolve(folder, image);
  const relative = path.relative(folder, source);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative))
    return { error: `"${image}" is outside the catalogue's folder; images are files in it or below it` };
  const extension = path.extname(source).toLowerCase();
  if (!IMAGE_TYPES.has(extension))
    return { error: `"${image}" is not an image file (${[...IMAGE_TYPES].join(', ')})` };
  if (!existsSync(source) && !isLink(source))
    return { error: `no file "${image}" beside the catalogue (${source})` };
  // Every step from the catalogue's folder down, so a linked folder is caught as well as a linked file.
  let step = folder;
  for (const part of relative.split(path.sep)) {
    step = path.join(step, part);
    if (isLink(step))
      return { error: `"${image}" is a symbolic link; put the image file itself beside the catalogue` };
  }
  const stat = statSync(source);
  if (!stat.isFile()) return { error: `"${image}" is not a file` };
  if (stat.size > IMAGE_MAX_BYTES)
    return {
      error: `"${image}" is ${megabytes(stat.size)}; an image may be at most ${megabytes(IMAGE_MAX_BYTES)}`,
    };
  return { content: readFileSync(source) };
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function megabytes(bytes: number): string {
  return `${Math.ceil((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/** The file `name` in a served folder, when it is a real file there (a link is never served, nor compared). */
function servedFile(folder: string, name: string): string | undefined {
  const file = path.join(folder, name);
  return existsSync(file) && !isLink(file) ? file : undefined;
}

/**
 * Decides where each image of a catalogue file is served from, without
 * copying anything yet (a dry run copies nothing). A file keeps its name
 * under /media/ unless another file of that name is already served, then it
 * gets the first 8 hex digits of its SHA-256 in its name; an identical file
 * already served is reused, so importing the same catalogue twice changes nothing.
 * Errors name the places in the file that use the image.
 */
export function resolveImages(
  images: readonly ImagePlace[],
  baseDir: string,
  folders: MediaFolders,
): ResolvedImages {
  const stored = new Map<string, string>();
  const copies: ResolvedImages['copies'] = [];
  const errors: string[] = [];
  for (const { image, places } of images) {
    if (leavesMedia(image)) {
      errors.push(`${places.join(', ')}: "${image}" leaves /media/`);
      continue;
    }
    if (isRemote(image)) {
      stored.set(image, image);
      continue;
    }
    const read = readImageFile(image, baseDir);
    if ('error' in read) {
      errors.push(`${places.join(', ')}: ${read.error}`);
      continue;
    }
    const { content } = read;
    const extension = path.extname(image).toLowerCase();
    const name = path.basename(image);
    const hashed = `${path.basename(name, path.extname(name))}-${createHash('sha256').update(content).digest('hex').slice(0, 8)}${extension}`;
    const sameAs = (candidate: string) =>
      folders.served.some((folder) => {
        const file = servedFile(folder, candidate);
        return file !== undefined && readFileSync(file).equals(content);
      });
    const taken = (candidate: string) =>
      folders.served.some(
        (folder) => existsSync(path.join(folder, candidate)) || isLink(path.join(folder, candidate)),
      );
    const chosen = sameAs(name) || !taken(name) ? name : hashed;
    stored.set(image, `/media/${chosen}`);
    if (!sameAs(chosen)) copies.push({ to: path.join(folders.writable, chosen), content });
  }
  return { stored, copies, errors };
}

/**
 * Writes the bytes that were checked, never re-reading the source (it may
 * have become a link since), and renames them into place, which replaces a
 * link found there instead of writing through it.
 */
export function copyImages(copies: ResolvedImages['copies']): void {
  for (const { to, content } of copies) {
    mkdirSync(path.dirname(to), { recursive: true });
    const partial = `${to}.${process.pid}.partial`;
    writeFileSync(partial, content, { flag: 'wx' });
    renameSync(partial, to);
  }
}
